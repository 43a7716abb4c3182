<?php
/**
 * What Strata's special pages share: their group on Special:SpecialPages ("Strata"), the styles of the
 * core's HTML, the reads of the core's REST lists for the reader, and the page a missing core gives.
 */

namespace MediaWiki\Extension\Strata\Special;

use Html;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use MediaWiki\Extension\Strata\Host\UrlLayout;
use MediaWiki\Extension\Strata\View\PageRendering;
use SpecialPage;

abstract class StrataSpecialPage extends SpecialPage {
	protected function getGroupName() {
		return 'strata';
	}

	public function execute( $subPage ) {
		$this->setHeaders();
		$this->getOutput()->addModuleStyles( [ PageRendering::STYLES ] );
		try {
			$this->show( new CoreReads( $this->getAuthority() ), UrlLayout::renderLinks( $this->getConfig() ) );
		} catch ( CoreUnavailable $e ) {
			$this->getOutput()->setStatusCode( 503 );
			$this->getOutput()->addHTML( Html::element( 'p', [ 'class' => 'error' ], $e->getMessage() ) );
		}
	}

	/** Adds the page's content; `$links` are the core's render links for this wiki. */
	abstract protected function show( CoreReads $reads, array $links ): void;
}
