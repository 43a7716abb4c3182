<?php
/**
 * The Data tab (`action=subjects`): the core renders the page's Subjects with their IRIs and Export
 * menus for the reader (the page action `subjects`, docs/page-actions.md), the same tab as on the
 * reference host; this class only puts it into MediaWiki's page, with the editor's Edit links for
 * callers who may edit (ext.strata.editControls). A page that is missing or that the
 * reader may not read is answered as missing, with 404.
 */

namespace MediaWiki\Extension\Strata\Action;

use FormlessAction;
use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreMessages;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use MediaWiki\Extension\Strata\Editor\EditControlsHooks;

class SubjectsAction extends FormlessAction {
	public function getName() {
		return 'subjects';
	}

	public function getRestriction() {
		return 'read';
	}

	public function requiresWrite() {
		return false;
	}

	public function requiresUnblock() {
		return false;
	}

	protected function getDescription() {
		return '';
	}

	protected function getPageTitle() {
		return $this->msg( 'strata-data-tab-title', $this->getTitle()->getPrefixedText() );
	}

	public function onView() {
		$this->getOutput()->setRobotPolicy( 'noindex,nofollow' );
		$title = $this->getTitle();
		$request = [
			'action' => 'subjects',
			'namespace' => $title->getNamespace(),
			'title' => $title->getText(),
			'messages' => CoreMessages::texts( $this->getLanguage() ),
			'caller' => CallerFacts::of( $this->getAuthority() ),
		];
		try {
			$answer = CoreGateway::forRequest( $this->getAuthority() )->handlePageAction( $request );
		} catch ( CoreUnavailable $e ) {
			$this->getOutput()->setStatusCode( 503 );
			return $this->paragraph( $e->getMessage() );
		}
		if ( $answer['ok'] ) {
			if ( $this->getAuthority()->probablyCan( 'edit', $title ) ) {
				$this->getOutput()->addModules( EditControlsHooks::MODULE );
			}
			return (string)$answer['result']['html'];
		}
		$this->getOutput()->setStatusCode( $answer['error']['code'] === 'missingtitle' ? 404 : 500 );
		return $this->paragraph( (string)$answer['error']['info'] );
	}

	private function paragraph( string $text ): string {
		return '<p>' . htmlspecialchars( $text ) . '</p>';
	}
}
