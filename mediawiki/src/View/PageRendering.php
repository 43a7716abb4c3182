<?php
/**
 * What a Strata content model shows in a page view, drawn by the core: a Schema page its property
 * table (`renderSchema`), a Layout or Mapping page its view (`renderPage` by content model), and a
 * revision's Subject slot the page's Subjects through their Layouts (the page action `view`). The
 * Subjects' HTML is kept in the ParserOutput's extension data, because MediaWiki 1.39's
 * RevisionRenderer drops the HTML of a slot shown as `none` but keeps its extension data and
 * templates; SubjectsViewHooks puts it below the page's own text. The Schema and Layout pages the
 * drawing used are registered as templates, so editing one refreshes the pages that use it.
 */

namespace MediaWiki\Extension\Strata\View;

use MediaWiki\Extension\Strata\Core\CallerFacts;
use Language;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreMessages;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use MediaWiki\Extension\Strata\Host\UrlLayout;
use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageReference;
use MediaWiki\User\UserIdentity;
use ParserOutput;
use Strata\Bridge\StrataError;
use Title;

class PageRendering {
	/** The extension data key of a revision's Subjects as HTML. */
	public const SUBJECTS_HTML = 'strata-subjects-html';
	/** The ResourceLoader module of the core's HTML. */
	public const STYLES = 'ext.strata.styles';

	/**
	 * The HTML of a Schema, Layout or Mapping page's text; null when the core cannot draw it (an
	 * invalid text, or no core): MediaWiki's own JSON view is shown then.
	 */
	public static function definitionHtml( string $model, PageReference $page, string $text, Language $language ): ?string {
		$links = UrlLayout::renderLinks( MediaWikiServices::getInstance()->getMainConfig() );
		$title = Title::castFromPageReference( $page );
		try {
			if ( $model === 'strata-schema' ) {
				$schema = json_decode( $text, false, 512, JSON_THROW_ON_ERROR );
				return CoreGateway::render( 'renderSchema', [ 'name' => $title->getText(), 'schema' => $schema, 'links' => $links,
					'messages' => CoreMessages::texts( $language ) ] );
			}
			$request = [ 'title' => $title->getPrefixedText(), 'contentModel' => $model, 'wikitext' => $text, 'links' => $links,
				'messages' => CoreMessages::texts( $language ) ];
			return CoreGateway::render( 'renderPage', $request );
		} catch ( CoreUnavailable | StrataError | \JsonException $e ) {
			return null;
		}
	}

	/**
	 * Draws the Subjects of a revision's Subject slot into $output: their HTML (when $html) and the
	 * Schema and Layout pages used, as templates. The reader is the parse's user, as for queries; the
	 * words are in the parse's user language.
	 */
	public static function addSubjects( PageReference $page, string $text, UserIdentity $user, Language $language, ParserOutput $output, bool $html ): void {
		$services = MediaWikiServices::getInstance();
		$authority = $services->getUserFactory()->newFromUserIdentity( $user );
		$request = [
			'action' => 'view',
			'namespace' => $page->getNamespace(),
			'title' => strtr( $page->getDBkey(), '_', ' ' ),
			'text' => $text,
			'messages' => CoreMessages::texts( $language ),
			'caller' => CallerFacts::of( $authority ),
		];
		try {
			$answer = CoreGateway::forRequest( $authority )->handlePageAction( $request );
		} catch ( CoreUnavailable $e ) {
			return;
		}
		if ( !$answer['ok'] ) {
			return;
		}
		$view = $answer['result'];
		foreach ( [ [ NS_STRATA_SCHEMA, $view['schemas'] ], [ NS_STRATA_LAYOUT, $view['layouts'] ] ] as [ $namespace, $names ] ) {
			foreach ( $names as $name ) {
				$used = Title::makeTitleSafe( $namespace, $name );
				if ( $used ) {
					$output->addTemplate( $used, $used->getArticleID(), $used->getLatestRevID() );
				}
			}
		}
		if ( $html && $view['html'] !== '' ) {
			$output->setExtensionData( self::SUBJECTS_HTML, $view['html'] );
		}
	}
}
