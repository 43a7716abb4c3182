<?php
/**
 * The Subject editor on an existing page: `action=editsubject&subject=ID` edits one of its Subjects
 * ("Edit" on a Subject in the page view and on the Data tab), `action=addsubject[&schema=NAME]` adds
 * a Subject to it ("Add Subject"). Only callers who may edit the page get here; the REST API checks
 * again on save.
 */

namespace MediaWiki\Extension\Strata\Editor;

use FormlessAction;

abstract class SubjectEditorAction extends FormlessAction {
	public function getRestriction() {
		return 'edit';
	}

	public function requiresWrite() {
		return true;
	}

	public function requiresUnblock() {
		return true;
	}

	protected function getDescription() {
		return '';
	}

	/** The frame's settings beside the page: `subjectId` or `schema`. */
	abstract protected function editing(): array;

	public function onView() {
		$title = $this->getTitle();
		if ( !$title->exists() ) {
			$this->getOutput()->setStatusCode( 404 );
			return $this->msg( 'noarticletext' )->parseAsBlock();
		}
		$this->getOutput()->setRobotPolicy( 'noindex,nofollow' );
		return EditorFrame::mount( $this->getOutput(),
			[ 'pageId' => $title->getArticleID(), 'pageTitle' => $title->getPrefixedText() ] + $this->editing() );
	}
}
