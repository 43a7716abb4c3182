<?php
/**
 * The editor's controls, for callers who may edit the page only: the "Add Subject" tab beside Data
 * (SkinTemplateNavigation::Universal), and on the page view the module ext.strata.editControls
 * (BeforePageDisplay), which puts an "Edit" link on each Subject. The Data tab adds the same module
 * itself (Action\SubjectsAction).
 */

namespace MediaWiki\Extension\Strata\Editor;

use OutputPage;
use Skin;
use SkinTemplate;
use Title;

class EditControlsHooks {
	public const MODULE = 'ext.strata.editControls';

	public static function onSkinTemplateNavigationUniversal( SkinTemplate $skin, array &$links ): void {
		$title = $skin->getRelevantTitle();
		if ( !self::holdsSubjects( $title ) || !$skin->getAuthority()->probablyCan( 'edit', $title ) ) {
			return;
		}
		$links['views']['addsubject'] = [
			'class' => $skin->getRequest()->getVal( 'action' ) === 'addsubject' ? 'selected' : false,
			'text' => $skin->msg( 'strata-addsubject-tab' )->text(),
			'href' => $title->getLocalURL( 'action=addsubject' ),
		];
	}

	public static function onBeforePageDisplay( OutputPage $out, Skin $skin ): void {
		$title = $out->getTitle();
		if ( $out->isArticle() && self::holdsSubjects( $title ) && $out->getAuthority()->probablyCan( 'edit', $title ) ) {
			$out->addModules( self::MODULE );
		}
	}

	/** Pages whose Subjects a person edits here: existing content pages (main and Subject namespaces). */
	private static function holdsSubjects( ?Title $title ): bool {
		return $title !== null && $title->exists() && $title->isContentPage();
	}
}
