<?php
/**
 * Special:CreateSubject[/SCHEMA] (or `?schema=`): the Subject editor on a new page. Without a Schema
 * the editor first offers a picker of the wiki's Schemas, then the form, whose save creates the page
 * with the Subject as its main Subject (`POST /subjects`). Needs the right to create pages.
 */

namespace MediaWiki\Extension\Strata\Editor;

use SpecialPage;

class SpecialCreateSubject extends SpecialPage {
	public function __construct() {
		parent::__construct( 'CreateSubject', 'createpage' );
	}

	public function doesWrites() {
		return true;
	}

	public function execute( $subPage ) {
		$this->setHeaders();
		$this->checkPermissions();
		$this->checkReadOnly();
		$out = $this->getOutput();
		$out->addWikiMsg( 'strata-createsubject-intro' );
		$schema = $this->getRequest()->getText( 'schema', (string)$subPage );
		$out->addHTML( EditorFrame::mount( $out, [ 'schema' => $schema ] ) );
	}

	protected function getGroupName() {
		return 'strata';
	}
}
