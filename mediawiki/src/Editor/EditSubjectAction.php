<?php
/** `action=editsubject&subject=ID`: the editor on one Subject of the page (SubjectEditorAction). */

namespace MediaWiki\Extension\Strata\Editor;

class EditSubjectAction extends SubjectEditorAction {
	public function getName() {
		return 'editsubject';
	}

	protected function getPageTitle() {
		return $this->msg( 'strata-editsubject-title', $this->getTitle()->getPrefixedText() );
	}

	protected function editing(): array {
		return [ 'subjectId' => $this->getRequest()->getText( 'subject' ) ];
	}
}
