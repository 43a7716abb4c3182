<?php
/** `action=addsubject[&schema=NAME]`: the editor on a new Subject of the page (SubjectEditorAction). */

namespace MediaWiki\Extension\Strata\Editor;

class AddSubjectAction extends SubjectEditorAction {
	public function getName() {
		return 'addsubject';
	}

	protected function getPageTitle() {
		return $this->msg( 'strata-addsubject-title', $this->getTitle()->getPrefixedText() );
	}

	protected function editing(): array {
		return [ 'schema' => $this->getRequest()->getText( 'schema' ) ];
	}
}
