<?php
/**
 * What MediaWiki checks of its own edits, applied by `PageWrites` to every save and deletion the core
 * asks for (docs/mediawiki.md, "What MediaWiki checks of a Strata write"): the permission with
 * MediaWiki's full rigour (blocks included, read from the primary database), the `edit` rate limit,
 * and the edit filters of `EditFilterMergedContent` (AbuseFilter, SpamBlacklist, ConfirmEdit, ...),
 * which PageUpdater does not run. A failed check is a `refusal` of the Host port
 * (`{reason, message, retryAfterSeconds?}`) that the core turns into its error code.
 */

namespace MediaWiki\Extension\Strata\Host;

use Content;
use DerivativeContext;
use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\PermissionManager;
use RequestContext;
use Status;
use Title;
use User;
use WikiPage;

class EditChecks {
	/**
	 * MediaWiki's block notices and the api.php message that reports each (api.php's own mapping), so
	 * that a blocked caller reads the words `api.php action=edit` answers.
	 */
	private const BLOCK_MESSAGES = [
		'blockedtext' => 'apierror-blocked',
		'blockedtext-partial' => 'apierror-blocked-partial',
		'autoblockedtext' => 'apierror-autoblocked',
		'systemblockedtext' => 'apierror-systemblocked',
		'blockedtext-composite' => 'apierror-blocked',
	];

	/** Whether this request's writes were counted against the `edit` rate limit already. */
	private bool $counted = false;

	public function __construct( private MediaWikiServices $services, private User $user ) {
	}

	/** The refusal of $action (`edit`, `create`, `delete`) on $title by MediaWiki's full permission check, or null. */
	public function permission( string $action, Title $title ): ?array {
		$errors = $this->services->getPermissionManager()->getPermissionErrors( $action, $this->user, $title, PermissionManager::RIGOR_SECURE );
		foreach ( $errors as $error ) {
			$key = $error[0] ?? null;
			if ( is_string( $key ) && isset( self::BLOCK_MESSAGES[$key] ) ) {
				return self::refusal( 'blocked', wfMessage( self::BLOCK_MESSAGES[$key] )->text() );
			}
		}
		return $errors ? self::refusal( 'denied', wfMessage( ...$errors[0] )->text() ) : null;
	}

	/**
	 * The `edit` rate limit, counted once per request that saves (as api.php counts one per edit; a
	 * re-plan after a conflict is the same edit): its refusal with `Retry-After`, or null.
	 */
	public function editRateLimit(): ?array {
		if ( $this->counted ) {
			return null;
		}
		$this->counted = true;
		$wait = $this->hit( 'edit' );
		return $wait === null ? null : self::refusal( 'rate-limited', wfMessage( 'actionthrottledtext' )->text() ) + [ 'retryAfterSeconds' => $wait ];
	}

	/**
	 * Counts one use of $action by MediaWiki's limiter (`$wgRateLimits`): null when allowed, else the
	 * seconds to wait. MediaWiki does not say when a window ends, so that is the action's longest
	 * window, after which the caller is allowed again whatever its kind.
	 */
	public function hit( string $action ): ?int {
		if ( !$this->user->pingLimiter( $action ) ) {
			return null;
		}
		$windows = array_map( static fn ( $limit ) => (int)( $limit[1] ?? 0 ), $this->services->getMainConfig()->get( 'RateLimits' )[$action] ?? [] );
		return max( [ 1, ...$windows ] );
	}

	/**
	 * The first refusal of the edit filters, run as EditPage runs them: `EditFilterMergedContent` once
	 * per slot the save sets (the slot's role is a seventh argument, as Wikibase passes it), with a
	 * context of the page and the caller. A hook that answers false or leaves the status not OK
	 * refuses; its message, else MediaWiki's `hookaborted`, is the refusal's.
	 *
	 * @param array<string, Content> $contents the slots' new content by role
	 */
	public function filters( WikiPage $page, array $contents, string $summary ): ?array {
		$context = new DerivativeContext( RequestContext::getMain() );
		$context->setTitle( $page->getTitle() );
		$context->setWikiPage( $page );
		$context->setUser( $this->user );
		foreach ( $contents as $role => $content ) {
			$status = Status::newGood();
			$passed = $this->services->getHookContainer()->run( 'EditFilterMergedContent', [ $context, $content, $status, $summary, $this->user, false, $role ] );
			if ( !$passed || !$status->isOK() ) {
				$message = $status->getErrors() ? $status->getMessage() : wfMessage( 'hookaborted' );
				return self::refusal( 'filtered', $message->text() );
			}
		}
		return null;
	}

	/** `EDIT_FORCE_BOT` for a caller with the `bot` right: its saves are bot edits, hidden from recent changes by default. */
	public function botFlag(): int {
		return $this->services->getPermissionManager()->userHasRight( $this->user, 'bot' ) ? EDIT_FORCE_BOT : 0;
	}

	private static function refusal( string $reason, string $message ): array {
		return [ 'reason' => $reason, 'message' => $message ];
	}
}
