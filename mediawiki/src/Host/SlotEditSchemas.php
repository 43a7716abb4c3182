<?php
/**
 * The Schemas a Subject-slot edit MediaWiki makes itself (a rollback, an undo, a move's null
 * revision, an api.php, EditPage or core REST edit of a page that has a Subject slot; an undeletion
 * or an import of one) is indexed with, held to the revisions read until the edit commits: a save's
 * `validatedAgainst` rule (`SchemaRevisions`) applied to MediaWiki's own edits (docs/mediawiki.md,
 * "Subject-slot changes MediaWiki makes itself").
 *
 * Before the edit writes (`MultiContentSave`), every Schema is read at its revision and the
 * revisions are checked by SchemaRevisions' locking read; a Schema saved since the read aborts the
 * edit as PageUpdater aborts an edit whose page changed meanwhile (`edit-conflict`, nothing
 * written). Inside the edit's transaction (`RevisionFromEditComplete`) the rows are computed from
 * exactly those Schemas, and the revisions are checked again, with the Schemas the slot names that
 * did not exist (still absent): a request without a request-wide transaction (rest.php, a
 * maintenance script) let the first lock go, and a Schema saved in that gap, or created since,
 * fails the edit whole, its transaction rolled back.
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageReference;
use RuntimeException;
use StatusValue;

class SlotEditSchemas {
	/** @var array<string, array{0: object, 1: array}> the Schemas and revisions checked, by page being edited */
	private static array $checked = [];

	/**
	 * Reads every Schema and checks that none changed since (the test seam `HeldSaves` waits
	 * between the two): false with `edit-conflict` in $status when one did.
	 */
	public static function checkBeforeEdit( MediaWikiServices $services, PageReference $page, StatusValue $status ): bool {
		$read = SubjectSlotIndex::schemasAt( $services );
		HeldSaves::holdWhileFileExists( $services->getMainConfig()->get( 'StrataTestHoldSavesFile' ) );
		if ( SchemaRevisions::changed( self::primary( $services ), $read[1] ) !== [] ) {
			unset( self::$checked[self::key( $page )] );
			$status->fatal( 'edit-conflict' );
			return false;
		}
		self::$checked[self::key( $page )] = $read;
		return true;
	}

	/**
	 * Runs $index( every Schema by name, as `preparePages` takes them ), which answers the titles of
	 * the Schemas it was prepared without, with the Schemas read at the revisions checked before the
	 * edit (read now, the test seam `HeldSaves` waiting after the read, for a change that had no such
	 * check: a move's null revision, an undeletion, an import); inside the change's transaction,
	 * those Schemas must still be at those revisions and the others still absent, or it fails.
	 */
	public static function indexInTransaction( MediaWikiServices $services, PageReference $page, callable $index ): void {
		$read = self::$checked[self::key( $page )] ?? null;
		unset( self::$checked[self::key( $page )] );
		if ( $read === null ) {
			$read = SubjectSlotIndex::schemasAt( $services );
			HeldSaves::holdWhileFileExists( $services->getMainConfig()->get( 'StrataTestHoldSavesFile' ) );
		}
		[ $schemas, $versions ] = $read;
		$absent = SchemaRevisions::absent( $index( $schemas ) );
		$changed = SchemaRevisions::changed( self::primary( $services ), [ ...$versions, ...$absent ] );
		if ( $changed !== [] ) {
			throw new RuntimeException( "the Schema \"{$changed[0]['title']}\" was saved while the edit of " .
				"\"{$page->getDBkey()}\" was being saved; the edit was not saved, try it again" );
		}
	}

	private static function primary( MediaWikiServices $services ) {
		return $services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
	}

	private static function key( PageReference $page ): string {
		return $page->getNamespace() . ':' . $page->getDBkey();
	}
}
