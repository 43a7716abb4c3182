<?php
/**
 * The Data tab beside Read on every existing page (SkinTemplateNavigation::Universal), pointing at
 * `action=subjects` (Action\SubjectsAction).
 */

namespace MediaWiki\Extension\Strata\Hooks;

use SkinTemplate;

class DataTabHook {
	public static function onSkinTemplateNavigationUniversal( SkinTemplate $skin, array &$links ): void {
		$title = $skin->getRelevantTitle();
		if ( !$title || !$title->exists() || $title->isSpecialPage() ) {
			return;
		}
		$links['views']['subjects'] = [
			'class' => $skin->getRequest()->getVal( 'action' ) === 'subjects' ? 'selected' : false,
			'text' => $skin->msg( 'strata-data-tab' )->text(),
			'href' => $title->getLocalURL( 'action=subjects' ),
		];
	}
}
