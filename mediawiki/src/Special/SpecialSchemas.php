<?php
/**
 * Special:Schemas: every Schema of the wiki with its description and a link to its Subjects, as the
 * core's `renderList` draws `GET /schemas`.
 */

namespace MediaWiki\Extension\Strata\Special;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use MediaWiki\Extension\Strata\Host\UrlLayout;
use MediaWiki\Extension\Strata\View\PageRendering;
use SpecialPage;

class SpecialSchemas extends SpecialPage {
	public function __construct() {
		parent::__construct( 'Schemas' );
	}

	protected function getGroupName() {
		return 'strata';
	}

	public function execute( $subPage ) {
		$this->setHeaders();
		$out = $this->getOutput();
		$out->addModuleStyles( [ PageRendering::STYLES ] );
		try {
			$rows = ( new CoreReads( $this->getAuthority() ) )->whole( '/strata/v0/schemas', 'schemas' );
			$links = UrlLayout::renderLinks( $this->getConfig() );
			$out->addHTML( CoreGateway::render( 'renderList', [ 'list' => 'schemas', 'rows' => $rows, 'links' => $links ] ) );
		} catch ( CoreUnavailable $e ) {
			$out->setStatusCode( 503 );
			$out->addHTML( \Html::element( 'p', [ 'class' => 'error' ], $e->getMessage() ) );
		}
	}
}
