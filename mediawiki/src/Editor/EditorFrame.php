<?php
/**
 * The element the shared Subject editor mounts on (`#subject-editor`, as on the reference host) and
 * the ResourceLoader module that mounts it (ext.strata.editor). Its data attributes say what is
 * edited: `page-id` and `page-title` of an existing page, `subject-id` to edit a Subject, `schema` of
 * a new one (empty: the editor asks). Used by action=editsubject, action=addsubject and
 * Special:CreateSubject.
 */

namespace MediaWiki\Extension\Strata\Editor;

use Html;
use MessageLocalizer;
use OutputPage;

class EditorFrame {
	public const MODULE = 'ext.strata.editor';

	/**
	 * Adds the editor's module to `$out` and returns the frame's HTML. `$what`: `pageId`, `pageTitle`,
	 * `subjectId`, `schema` (each optional).
	 */
	public static function mount( OutputPage $out, array $what ): string {
		$out->addModules( self::MODULE );
		$out->addModuleStyles( 'ext.strata.editor.styles' );
		$data = [];
		foreach ( [ 'pageId' => 'page-id', 'pageTitle' => 'page-title', 'subjectId' => 'subject-id', 'schema' => 'schema' ] as $key => $attribute ) {
			$data["data-$attribute"] = (string)( $what[$key] ?? '' );
		}
		return Html::rawElement( 'div', [ 'id' => 'subject-editor', 'class' => 'subject-editor' ] + $data,
			self::waiting( $out ) );
	}

	private static function waiting( MessageLocalizer $localizer ): string {
		return Html::rawElement( 'noscript', [],
				Html::element( 'p', [ 'class' => 'error' ], $localizer->msg( 'strata-editor-noscript' )->text() ) )
			. Html::element( 'p', [ 'class' => 'editor-loading' ], $localizer->msg( 'strata-editor-loading' )->text() );
	}
}
