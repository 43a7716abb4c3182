<?php
/**
 * Whether a Schema, Layout or Mapping text may be saved, and the text to store, asked of the core so
 * that an api.php or EditPage save is checked and normalized by the same rules as the REST API and
 * the reference host. MediaWiki asks twice per save (pre-save transform, then validation), so the
 * answer is kept for the request.
 */

namespace MediaWiki\Extension\Strata\Core;

use MediaWiki\Page\PageReference;
use RequestContext;

class PageContentCheck {
	/** @var array<string,array> answers of this request by page and text */
	private static array $answers = [];

	/** Set while the core's own planned saves are committed: the core has checked their text. */
	private static bool $coreSaving = false;

	/** Runs $save (the core's savePages) without asking the core again about the texts it planned. */
	public static function whileCoreSaves( callable $save ) {
		self::$coreSaving = true;
		try {
			return $save();
		} finally {
			self::$coreSaving = false;
		}
	}

	/** Whether the core's own planned saves or deletions are being committed now. */
	public static function coreIsSaving(): bool {
		return self::$coreSaving;
	}

	/**
	 * `['ok' => true, 'text' => stored text]` or `['ok' => false, 'code' => the core's error code
	 * (an api.php error code such as strata-invalid-schema), 'info' => its reason, 'reasons' => a
	 * refused Schema's reasons, each `{path, message, messageKey, params}`]`.
	 */
	public static function check( PageReference $page, string $text ): array {
		if ( self::$coreSaving ) {
			return [ 'ok' => true, 'text' => $text ];
		}
		$key = $page->getNamespace() . ':' . $page->getDBkey() . ':' . hash( 'sha256', $text );
		return self::$answers[$key] ??= self::ask( $page, $text );
	}

	private static function ask( PageReference $page, string $text ): array {
		$authority = RequestContext::getMain()->getAuthority();
		$request = [
			'action' => 'check',
			'namespace' => $page->getNamespace(),
			'title' => strtr( $page->getDBkey(), '_', ' ' ),
			'slot' => 'main',
			'text' => $text,
			'caller' => CallerFacts::of( $authority ),
		];
		try {
			$answer = CoreGateway::forRequest( $authority )->handlePageAction( $request );
		} catch ( CoreUnavailable $e ) {
			return [ 'ok' => false, 'code' => 'strata-core-unavailable', 'info' => $e->getMessage() ];
		}
		return $answer['ok']
			? [ 'ok' => true, 'text' => (string)( $answer['result']['mainSlot'] ?? $text ) ]
			: [ 'ok' => false, 'code' => (string)$answer['error']['code'], 'info' => (string)$answer['error']['info'],
				'reasons' => $answer['error']['reasons'] ?? [] ];
	}
}
