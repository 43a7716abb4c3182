<?php
/**
 * Registers the Subject slot: a page's Subjects live in the `strata-subjects` slot of its revisions,
 * so history, undeletion and storage are MediaWiki's. The slot is not shown in page views; the Data
 * tab presents it.
 */

namespace MediaWiki\Extension\Strata\Hooks;

use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\SlotRoleRegistry;

class SlotRoleHook {
	public const ROLE = 'strata-subjects';
	public const MODEL = 'strata-subjects';

	public static function onMediaWikiServices( MediaWikiServices $services ): void {
		$services->addServiceManipulator( 'SlotRoleRegistry', static function ( SlotRoleRegistry $registry ) {
			if ( !$registry->isDefinedRole( self::ROLE ) ) {
				$registry->defineRoleWithModel( self::ROLE, self::MODEL, [ 'display' => 'none' ] );
			}
		} );
	}
}
