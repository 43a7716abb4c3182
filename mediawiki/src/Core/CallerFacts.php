<?php
/**
 * The `caller` object of handleRoute and handlePageAction from MediaWiki's facts: the user, their
 * effective groups and the rights of this session (a bot-password session only has its grants).
 */

namespace MediaWiki\Extension\Strata\Core;

use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\Authority;
use MediaWiki\Session\Session;

class CallerFacts {
	public static function of( Authority $authority, ?Session $session = null ): array {
		$services = MediaWikiServices::getInstance();
		$user = $services->getUserFactory()->newFromUserIdentity( $authority->getUser() );
		$groups = $services->getUserGroupManager()->getUserEffectiveGroups( $user );
		$rights = $services->getPermissionManager()->getUserPermissions( $user );
		return [
			'userId' => $user->getId(),
			'name' => $user->getName(),
			'anonymous' => !$user->isRegistered(),
			'bot' => in_array( 'bot', $groups, true ),
			'groups' => array_values( $groups ),
			'rights' => array_values( array_unique( $rights ) ),
		];
	}
}
