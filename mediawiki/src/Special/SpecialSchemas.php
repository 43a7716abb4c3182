<?php
/**
 * Special:Schemas: every Schema of the wiki with its description and a link to its Subjects, as the
 * core's `renderList` draws `GET /schemas`.
 */

namespace MediaWiki\Extension\Strata\Special;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreMessages;

class SpecialSchemas extends StrataSpecialPage {
	public function __construct() {
		parent::__construct( 'Schemas' );
	}

	protected function show( CoreReads $reads, array $links ): void {
		$rows = $reads->whole( '/strata/v0/schemas', 'schemas' );
		$this->getOutput()->addHTML( CoreGateway::render( 'renderList', [ 'list' => 'schemas', 'rows' => $rows, 'links' => $links,
			'messages' => CoreMessages::texts( $this->getLanguage() ) ] ) );
	}
}
