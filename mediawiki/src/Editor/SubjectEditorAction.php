<?php
/**
 * The Subject editor on an existing page, one class for its two actions: `action=editsubject&subject=ID`
 * edits one of the page's Subjects ("Edit" in the page view and on the Data tab),
 * `action=addsubject[&schema=NAME]` adds a Subject to it ("Add Subject"). Only callers who may edit the
 * page get here; the REST API checks again on save.
 */

namespace MediaWiki\Extension\Strata\Editor;

use FormlessAction;

class SubjectEditorAction extends FormlessAction {
	/** Each action name, with the request parameter it reads and the editor setting that takes it. */
	private const ACTIONS = [
		'editsubject' => [ 'subject', 'subjectId' ],
		'addsubject' => [ 'schema', 'schema' ],
	];

	public function getName() {
		$asked = $this->getRequest()->getVal( 'action' );
		return isset( self::ACTIONS[$asked] ) ? $asked : 'editsubject';
	}

	public function getRestriction() {
		return 'edit';
	}

	public function requiresWrite() {
		return true;
	}

	public function requiresUnblock() {
		return true;
	}

	protected function getPageTitle() {
		// strata-editsubject-title, strata-addsubject-title
		return $this->msg( 'strata-' . $this->getName() . '-title', $this->getTitle()->getPrefixedText() );
	}

	protected function getDescription() {
		return '';
	}

	public function onView() {
		$title = $this->getTitle();
		if ( !$title->exists() ) {
			$this->getOutput()->setStatusCode( 404 );
			return $this->msg( 'noarticletext' )->parseAsBlock();
		}
		$this->getOutput()->setRobotPolicy( 'noindex,nofollow' );
		[ $parameter, $setting ] = self::ACTIONS[$this->getName()];
		return EditorFrame::mount( $this->getOutput(), [
			'pageId' => $title->getArticleID(),
			'pageTitle' => $title->getPrefixedText(),
			$setting => $this->getRequest()->getText( $parameter ),
		] );
	}
}
