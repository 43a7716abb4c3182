<?php
/**
 * Hooks of the reader's view: a page's Subjects (PageRendering::SUBJECTS_HTML) go below its own text
 * when the ParserOutput is turned into HTML, from the parser cache like the rest of the page, with
 * their styles; content pages advertise their RDF (`<link rel="alternate">`, Turtle and TriG of the
 * native projection) when a store is configured; the Data tab gets its Copy script; and CodeEditor
 * edits the JSON of Schema, Layout and Mapping pages.
 */

namespace MediaWiki\Extension\Strata\View;

use MediaWiki\MediaWikiServices;
use OutputPage;
use ParserOutput;
use Skin;
use Title;

class SubjectsViewHooks {
	private const JSON_MODELS = [ 'strata-schema', 'strata-layout', 'strata-mapping' ];

	public static function onParserOutputPostCacheTransform( ParserOutput $output, &$text, array &$options ): void {
		$subjects = $output->getExtensionData( PageRendering::SUBJECTS_HTML );
		if ( is_string( $subjects ) ) {
			$text .= $subjects;
		}
	}

	public static function onOutputPageParserOutput( OutputPage $out, ParserOutput $output ): void {
		if ( $output->getExtensionData( PageRendering::SUBJECTS_HTML ) !== null ) {
			$out->addModuleStyles( [ PageRendering::STYLES ] );
		}
	}

	public static function onBeforePageDisplay( OutputPage $out, Skin $skin ): void {
		$title = $out->getTitle();
		if ( !$title || !$title->exists() || $title->isSpecialPage() ) {
			return;
		}
		$action = $out->getRequest()->getVal( 'action', 'view' );
		if ( $action === 'subjects' ) {
			$out->addModuleStyles( [ PageRendering::STYLES ] );
			$out->addModules( [ 'ext.strata.dataTab' ] );
		}
		if ( $action === 'view' ) {
			self::addAutodiscovery( $out, $title );
		}
	}

	/** Turtle and TriG of the page (native projection), on content pages of a wiki with a store. */
	private static function addAutodiscovery( OutputPage $out, Title $title ): void {
		$config = MediaWikiServices::getInstance()->getMainConfig();
		if ( $config->get( 'StrataStores' ) === [] || !$title->isContentPage() ) {
			return;
		}
		$rdf = $config->get( 'RestPath' ) . '/strata/v0/page/' . $title->getArticleID() . '/rdf';
		foreach ( [ 'turtle' => 'text/turtle', 'trig' => 'application/trig' ] as $format => $type ) {
			$out->addLink( [
				'rel' => 'alternate',
				'type' => $type,
				'title' => $out->msg( 'strata-rdf-link-title', $format === 'trig' ? 'TriG' : 'Turtle' )->text(),
				'href' => "$rdf?format=$format",
			] );
		}
	}

	/** CodeEditor's language of a page: JSON for Schema, Layout and Mapping pages. */
	public static function onCodeEditorGetPageLanguage( Title $title, ?string &$lang, string $model, string $format ): void {
		if ( in_array( $model, self::JSON_MODELS, true ) ) {
			$lang = 'json';
		}
	}
}
