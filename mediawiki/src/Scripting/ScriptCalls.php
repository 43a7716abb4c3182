<?php
/**
 * Queries from wikitext or scripts and the `getSubjects` accessor, for the parser functions and the
 * Lua library (docs/scripting.md): one page action of the core each (`query`, `getSubjects`), made for
 * the user the page is parsed for. The core decides everything (the strata-query right, the `default`
 * tier, the table and the error message); a core that cannot be loaded or fails is an answer too, so
 * a page that queries never fails to render.
 */

namespace MediaWiki\Extension\Strata\Scripting;

use Html;
use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreMessages;
use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\Authority;
use Parser;
use Title;

class ScriptCalls {
	/**
	 * The core's answer to a query, `$query` being `{query, parameters?}` or a parser function's
	 * `{arguments}`: `{ok: true, columns, rows, truncated, html}` or `{ok: false, errorType, message, html}`.
	 */
	public static function query( Parser $parser, string $language, array $query ): array {
		// The table's notes in the reader's language, as the page view's words (the parser cache keeps
		// one copy per user language).
		$words = $parser->getOptions()->getUserLangObj();
		$answer = self::call( $parser, self::pageOf( $parser ),
			[ 'action' => 'query', 'language' => $language, 'messages' => CoreMessages::texts( $words ) ] + $query );
		if ( $answer['ok'] ) {
			return $answer['result'];
		}
		$error = $answer['error'];
		$message = (string)$error['info'];
		return [
			'ok' => false,
			'errorType' => (string)$error['code'],
			'message' => $message,
			'html' => Html::element( 'strong', [ 'class' => 'error strata-query-error' ],
				wfMessage( 'strata-query-failed', (string)$error['code'], $message )->inLanguage( $words )->text() ),
		];
	}

	/** The Subjects of `$title` for the parse's user: `{pageId, subjects}`, main first. */
	public static function getSubjects( Parser $parser, Title $title ): array {
		$answer = self::call( $parser, $title, [ 'action' => 'getSubjects' ] );
		if ( !$answer['ok'] ) {
			throw new \RuntimeException( (string)$answer['error']['info'] );
		}
		return $answer['result'];
	}

	/** The page whose wikitext is parsed (api.php action=parse without a title parses "API"). */
	private static function pageOf( Parser $parser ): Title {
		return Title::castFromPageReference( $parser->getPage() ) ?? Title::makeTitle( NS_SPECIAL, 'Badtitle' );
	}

	private static function call( Parser $parser, Title $title, array $request ): array {
		$authority = self::authorityOf( $parser );
		$request += [
			'namespace' => $title->getNamespace(),
			'title' => $title->getText(),
			'caller' => CallerFacts::of( $authority ),
		];
		try {
			return CoreGateway::forRequest( $authority )->handlePageAction( $request );
		} catch ( \Throwable $e ) {
			return [ 'ok' => false, 'error' => [ 'code' => 'core-unavailable', 'info' => $e->getMessage() ] ];
		}
	}

	private static function authorityOf( Parser $parser ): Authority {
		return MediaWikiServices::getInstance()->getUserFactory()->newFromUserIdentity( $parser->getUserIdentity() );
	}
}
