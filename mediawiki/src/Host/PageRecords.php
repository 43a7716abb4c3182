<?php
/**
 * PageRecord and RevisionRecord of the Host port (docs/architecture.md) from MediaWiki's page and
 * revision stores, with the caller's `access` from the PermissionManager. A page the core asks about
 * twice in one call (its Subjects' `subjectsInfo`, then its record) is looked up once, and each
 * permission of a page is asked once: the lookups are forgotten at every write (`forget`), so a
 * re-plan after a conflict reads the page again; the permissions stay, as no save changes them.
 */

namespace MediaWiki\Extension\Strata\Host;

use IDBAccessObject;
use LinkCache;
use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\MediaWikiServices;
use MediaWiki\Page\PageIdentity;
use MediaWiki\Page\PageIdentityValue;
use MediaWiki\Page\PageRecord as MwPageRecord;
use MediaWiki\Permissions\PermissionManager;
use MediaWiki\Revision\RevisionRecord;
use MediaWiki\Revision\SlotRecord;
use Title;
use User;
use WANObjectCache;
use Wikimedia\Rdbms\IDatabase;

class PageRecords {
	/**
	 * Options of a WAN cache read whose key names everything the value depends on (a revision, a
	 * text's hash): no refresh ahead of time, which would be useless and, as a post-send update,
	 * would make a read request close its connection (`Rest/CoreRouteHandler`).
	 */
	public const NEVER_REFRESHED = [ 'lowTTL' => 0, 'hotTTR' => 0 ];
	/** The most pages and answers kept at once (a rebuild job reads pages by the thousand). */
	private const KEPT = 512;
	private MediaWikiServices $services;
	private User $user;
	/** @var array<int, ?MwPageRecord> pages looked up by id since the last write */
	private array $pages = [];
	/** @var array<string, bool> `"action ns:dbkey"` to the caller's permission */
	private array $allowed = [];

	private RequestReads $reads;

	public function __construct( MediaWikiServices $services, User $user ) {
		$this->services = $services;
		$this->user = $user;
		$this->reads = new RequestReads( $services->getDBLoadBalancer() );
	}

	public static function iso( string $mwTimestamp ): string {
		return wfTimestamp( TS_ISO_8601, $mwTimestamp );
	}

	/** The page as MediaWiki normalizes the title; null for a title MediaWiki refuses. */
	public function title( int $namespace, string $title ): ?Title {
		return $this->services->getTitleFactory()->makeTitleSafe( $namespace, $title );
	}

	/** Whether the caller may do $action (`read`, `edit`, `create`) on $page. */
	public function can( string $action, PageIdentity $page ): bool {
		$title = Title::castFromPageIdentity( $page );
		$key = "$action {$title->getNamespace()}:{$title->getDBkey()}";
		if ( !isset( $this->allowed[$key] ) ) {
			$this->allowed = count( $this->allowed ) < self::KEPT ? $this->allowed : [];
			$this->allowed[$key] = $this->services->getPermissionManager()->userCan( $action, $this->user, $title, PermissionManager::RIGOR_QUICK );
		}
		return $this->allowed[$key];
	}

	public function access( PageIdentity $page ): array {
		$read = $this->can( 'read', $page );
		return [ 'read' => $read, 'edit' => $read && $this->can( 'edit', $page ) ];
	}

	/** The page with id $pageId, or null. */
	public function page( int $pageId ): ?MwPageRecord {
		if ( !array_key_exists( $pageId, $this->pages ) ) {
			$this->pages = count( $this->pages ) < self::KEPT ? $this->pages : [];
			$this->pages[$pageId] = $this->services->getPageStore()->getPageById( $pageId, $this->reads->flags() );
		}
		return $this->pages[$pageId];
	}

	/**
	 * The page of a row read with LinkCache's fields (null: no page), remembered as a lookup of
	 * $pageId and, as PageStore's own lookups do, in LinkCache (permission checks look the title up).
	 */
	public function pageFromRow( int $pageId, ?\stdClass $row ): ?MwPageRecord {
		$this->pages = count( $this->pages ) < self::KEPT ? $this->pages : [];
		$page = $row ? $this->services->getPageStore()->newPageRecordFromRow( $row ) : null;
		if ( $page ) {
			$this->services->getLinkCache()->addGoodLinkObjFromRow( $page, $row, $this->reads->flags() );
		}
		return $this->pages[$pageId] = $page;
	}

	/** Forgets the pages looked up so far: a write changed them, or may have. */
	public function forget(): void {
		$this->pages = [];
	}

	public function byId( int $pageId ): ?array {
		$page = $this->page( $pageId );
		return $page ? $this->record( $page ) : null;
	}

	public function byTitle( int $namespace, string $title ): ?array {
		$checked = $this->title( $namespace, $title );
		$page = $checked ? $this->services->getPageStore()->getPageByReference( $checked, $this->reads->flags() ) : null;
		return $page && $page->exists() ? $this->record( $page ) : null;
	}

	/** The page's record at its latest revision, with the caller's `access`; null without that revision. */
	public function record( MwPageRecord $page ): ?array {
		$fields = $this->reads->flags() === IDBAccessObject::READ_NORMAL
			? $this->cachedFields( $page )
			: ( $this->reads->cacheable() ? $this->keptFields( $page ) : null ) ?? $this->latestFields( $page );
		return $fields === null ? null : $fields + [ 'access' => $this->access( $page ) ];
	}

	private static function recordKey( WANObjectCache $cache, int $pageId, int $revisionId ): string {
		return $cache->makeKey( 'strata-page-record', 'v1', $pageId, $revisionId );
	}

	private static function createdKey( WANObjectCache $cache, int $pageId, int $revisionId ): string {
		return $cache->makeKey( 'strata-page-created', $pageId, $revisionId );
	}

	/**
	 * The record fields of a revision this request saved go into the WAN cache once the save's
	 * transaction commits (never after a rollback, which drops the callback): the next request
	 * about the page (the next save of the Subject, its read) and this request's page view after
	 * the save find the record without reading the revision, its slots and its first revision
	 * again (issue 31). Built from the saved revision in memory, as a read of it would build it;
	 * the page's creation time is the one kept under its parent revision, if any.
	 */
	public function remember( RevisionRecord $saved, IDatabase $dbw ): void {
		$dbw->onTransactionCommitOrIdle( function () use ( $saved ) {
			$cache = $this->services->getMainWANObjectCache();
			$pageId = $saved->getPageId();
			$created = $saved->getParentId() ? $cache->get( self::createdKey( $cache, $pageId, $saved->getParentId() ) ) : $saved->getTimestamp();
			if ( $created !== false ) {
				$cache->set( self::createdKey( $cache, $pageId, $saved->getId() ), $created, $cache::TTL_WEEK );
			}
			// The revision's page by the id the save gave it (a new page's title had none before).
			$page = new PageIdentityValue( $pageId, $saved->getPage()->getNamespace(), $saved->getPage()->getDBkey(), PageIdentity::LOCAL );
			$cache->set( self::recordKey( $cache, $pageId, $saved->getId() ), self::fieldsOf( $page, $saved, $this->firstTimestamp( $pageId, $saved->getId() ) ), $cache::TTL_DAY );
		}, __METHOD__ );
	}

	/**
	 * A deleted page's record is dropped with it: its latest revision stays the same id in the
	 * archive, and MediaWiki's own page lookup may still find the page for a moment after the
	 * deletion's answer (LinkCache is purged after it), so the key alone would not tell.
	 */
	public static function onPageDeleteComplete( $page, $deleter, $reason, $pageId, $deletedRev, $logEntry, $count ): void {
		$cache = MediaWikiServices::getInstance()->getMainWANObjectCache();
		$cache->delete( self::recordKey( $cache, $pageId, $deletedRev->getId() ) );
	}

	/**
	 * The record's fields without `access`, kept in the WAN cache under the page's id and latest
	 * revision: they are the revision's (its slots, times and author), the page's title at it (a move
	 * makes a new revision) and the first revision's time (below), none of which changes while the
	 * revision is the latest. Saves the revision, slot and text reads of every page record a read
	 * request makes (a Subject's page and its Schema's; issue 31). Permissions are never kept: they
	 * are the caller's, asked each time. Reads after a write of the request go to the primary
	 * database and take a kept record only (`keptFields`).
	 */
	private function cachedFields( MwPageRecord $page ): ?array {
		$cache = $this->services->getMainWANObjectCache();
		$fields = $cache->getWithSetCallback(
			self::recordKey( $cache, $page->getId(), $page->getLatest() ),
			$cache::TTL_DAY,
			fn () => $this->latestFields( $page ) ?? false,
			self::NEVER_REFRESHED
		);
		return $fields === false ? null : $fields;
	}

	/**
	 * The fields kept under the page's latest revision, if any, for a read after this request's
	 * committed writes (`RequestReads::cacheable`): found there (a save's page view finds the
	 * record the save kept), never put there, so a request that reads pages by the thousand after
	 * a write of its own (a rebuild job) does not fill the cache with them.
	 */
	private function keptFields( MwPageRecord $page ): ?array {
		$cache = $this->services->getMainWANObjectCache();
		$fields = $cache->get( self::recordKey( $cache, $page->getId(), $page->getLatest() ) );
		return is_array( $fields ) ? $fields : null;
	}

	private function latestFields( MwPageRecord $page ): ?array {
		$latest = $this->services->getRevisionStore()->getRevisionById( $page->getLatest(), $this->reads->flags() );
		return $latest ? self::fieldsOf( $page, $latest, $this->firstTimestamp( $page->getId(), $latest->getId() ) ) : null;
	}

	/** The record's fields but `access`, from its latest revision and its first revision's time. */
	private static function fieldsOf( PageIdentity $page, RevisionRecord $latest, ?string $firstTimestamp ): array {
		$title = Title::castFromPageIdentity( $page );
		return [
			'pageId' => $page->getId(),
			'namespace' => $page->getNamespace(),
			'title' => $title->getText(),
			'prefixedTitle' => $title->getPrefixedText(),
			'latestRevisionId' => $latest->getId(),
			'created' => self::iso( $firstTimestamp ?? $latest->getTimestamp() ),
			'modified' => self::iso( $latest->getTimestamp() ),
			'lastEditor' => $latest->getUser( RevisionRecord::RAW ) ? $latest->getUser( RevisionRecord::RAW )->getName() : '',
			'categories' => [],
			'contentModel' => $latest->getSlot( SlotRecord::MAIN, RevisionRecord::RAW )->getModel(),
			'mainSlot' => self::slotText( $latest, SlotRecord::MAIN ),
			'subjectSlot' => self::slotText( $latest, SlotRoleHook::ROLE ),
		];
	}

	/**
	 * The records of $pages in their order, each as record() gives it (pages without their latest
	 * revision left out), their fields read together: the cached ones in one cache read, the others
	 * with one query each for the revisions, their slots, their texts and the first revisions' times,
	 * however many pages (issue 31: a list of 50 Layouts made six queries a page).
	 */
	public function records( array $pages ): array {
		$byId = [];
		foreach ( $pages as $page ) {
			$byId[$page->getId()] = $page;
		}
		if ( $this->reads->flags() === IDBAccessObject::READ_NORMAL ) {
			$cache = $this->services->getMainWANObjectCache();
			$keys = $cache->makeMultiKeys( array_keys( $byId ), fn ( $id ) => self::recordKey( $cache, $id, $byId[$id]->getLatest() ) );
			// `pcTTL`: MediaWiki 1.39 reads the keys in one batch, and hands the missing ones to the
			// callback together, only for a value also kept in the process (a key names its revision).
			$cached = $cache->getMultiWithUnionSetCallback( $keys, $cache::TTL_DAY,
				fn ( array $ids ) => array_map( static fn ( $fields ) => $fields ?? false,
					$this->fieldsOfMany( array_intersect_key( $byId, array_flip( $ids ) ) ) ),
				self::NEVER_REFRESHED + [ 'pcTTL' => $cache::TTL_PROC_SHORT ] );
			$fields = [];
			foreach ( $keys as $key => $id ) {
				$fields[$id] = $cached[$key] === false ? null : $cached[$key];
			}
		} else {
			$fields = $this->fieldsOfMany( $byId );
		}
		$records = [];
		foreach ( $byId as $id => $page ) {
			if ( isset( $fields[$id] ) ) {
				$records[] = $fields[$id] + [ 'access' => $this->access( $page ) ];
			}
		}
		return $records;
	}

	/**
	 * fieldsOf() of each page of $pages (by page id), null for a page without its latest revision: the
	 * revision rows in one query, their slots and texts in one each (RevisionStore's batch), the
	 * first revisions' times in one.
	 */
	private function fieldsOfMany( array $pages ): array {
		$fields = array_fill_keys( array_keys( $pages ), null );
		if ( $pages === [] ) {
			return $fields;
		}
		$store = $this->services->getRevisionStore();
		$db = $this->reads->db();
		$query = $store->getQueryInfo( [ 'page' ] );
		$latest = array_map( static fn ( MwPageRecord $page ) => $page->getLatest(), array_values( $pages ) );
		$rows = $db->select( $query['tables'], $query['fields'], [ 'rev_id' => $latest ], __METHOD__, [], $query['joins'] );
		$revisions = $store->newRevisionsFromBatch( $rows, [ 'slots' => true, 'content' => true ],
			$this->reads->flags() )->getValue();
		$firsts = [];
		$res = $db->select( 'revision', [ 'rev_page', 'first' => 'MIN(rev_timestamp)' ], [ 'rev_page' => array_keys( $pages ) ], __METHOD__,
			[ 'GROUP BY' => 'rev_page' ] );
		foreach ( $res as $row ) {
			$firsts[(int)$row->rev_page] = (string)$row->first;
		}
		foreach ( $pages as $id => $page ) {
			$revision = $revisions[$page->getLatest()] ?? null;
			if ( $revision && $revision->getPageId() === $id ) {
				$fields[$id] = self::fieldsOf( $page, $revision, $firsts[$id] ?? null );
			}
		}
		return $fields;
	}

	/**
	 * When the page's first revision was saved (the order of RevisionStore::getFirstRevision), without
	 * loading it; kept in the WAN cache under the page's latest revision, since a page's history only
	 * grows at its end (a history merge or an import of older revisions that leaves the latest
	 * revision as it was is seen at the page's next edit, or after a week): one query less per page
	 * read (issue 31).
	 */
	private function firstTimestamp( int $pageId, int $latestId ): ?string {
		$cache = $this->services->getMainWANObjectCache();
		$first = $cache->getWithSetCallback(
			self::createdKey( $cache, $pageId, $latestId ),
			$cache::TTL_WEEK,
			function () use ( $pageId ) {
				$db = $this->reads->db();
				return $db->selectField( 'revision', 'rev_timestamp', [ 'rev_page' => $pageId ], __METHOD__,
					[ 'ORDER BY' => [ 'rev_timestamp', 'rev_id' ], 'LIMIT' => 1 ] );
			},
			self::NEVER_REFRESHED
		);
		return $first === false ? null : (string)$first;
	}

	public function revision( int $revisionId ): ?array {
		$revision = $this->services->getRevisionStore()->getRevisionById( $revisionId, $this->reads->flags() );
		if ( !$revision ) {
			return null;
		}
		$page = $this->page( $revision->getPageId() );
		if ( !$page ) {
			return null;
		}
		return [
			'revisionId' => $revision->getId(),
			'pageId' => $revision->getPageId(),
			'timestamp' => self::iso( $revision->getTimestamp() ),
			'mainSlot' => self::slotText( $revision, SlotRecord::MAIN ),
			'subjectSlot' => self::slotText( $revision, SlotRoleHook::ROLE ),
			'access' => $this->access( $page ),
		];
	}

	private static function slotText( RevisionRecord $revision, string $role ): ?string {
		if ( !$revision->hasSlot( $role ) ) {
			return null;
		}
		$content = $revision->getContent( $role, RevisionRecord::RAW );
		return $content ? $content->serialize() : null;
	}

	/**
	 * The pages of $ids that exist, in the order of $ids, read from $db (where the caller found the
	 * ids) with one query for the page rows and, past the WAN cache, one for their protections
	 * (`pagesFromRows`): for `records()`, which reads the revisions, slots and texts of all of them
	 * with one query each (a store rebuild's batch).
	 */
	public function byIds( IDatabase $db, array $ids ): array {
		if ( $ids === [] ) {
			return [];
		}
		$rows = [];
		foreach ( $db->select( 'page', LinkCache::getSelectFields(), [ 'page_id' => $ids ], __METHOD__ ) as $row ) {
			$rows[(int)$row->page_id] = $row;
		}
		return $this->pagesFromRows( $db, array_values( array_filter( array_map( static fn ( $id ) => $rows[$id] ?? null, $ids ) ) ) );
	}

	/**
	 * The pages of page $rows (LinkCache's fields), in their order. Their protections, which
	 * `access()` asks for, come from MediaWiki's WAN cache while this request reads without having
	 * written; past it (READ_LATEST) they would be a query a page, so they are read here in one.
	 */
	private function pagesFromRows( IDatabase $db, array $rows ): array {
		$pages = array_map( fn ( \stdClass $row ) => $this->pageFromRow( (int)$row->page_id, $row ), $rows );
		if ( $pages === [] || $this->reads->flags() === IDBAccessObject::READ_NORMAL ) {
			return $pages;
		}
		$protections = array_fill_keys( array_map( static fn ( MwPageRecord $page ) => $page->getId(), $pages ), [] );
		foreach ( $db->select( 'page_restrictions', [ 'pr_page', 'pr_type', 'pr_expiry', 'pr_level', 'pr_cascade' ],
			[ 'pr_page' => array_keys( $protections ) ], __METHOD__ ) as $row ) {
			$protections[(int)$row->pr_page][] = $row;
		}
		$restrictions = $this->services->getRestrictionStore();
		foreach ( $pages as $page ) {
			$restrictions->loadRestrictionsFromRows( $page, $protections[$page->getId()] );
		}
		return $pages;
	}

	/** `{pages}` of listPages: a namespace in title order after `after`, starting with `prefix`. */
	public function list( int $namespace, ?string $after, int $limit, ?string $prefix ): array {
		$db = $this->reads->db();
		$conds = [ 'page_namespace' => $namespace ];
		if ( $after !== null ) {
			$conds[] = 'page_title > ' . $db->addQuotes( strtr( $after, ' ', '_' ) );
		}
		if ( $prefix !== null && $prefix !== '' ) {
			$conds[] = 'page_title' . $db->buildLike( strtr( $prefix, ' ', '_' ), $db->anyString() );
		}
		$rows = iterator_to_array( $db->select( 'page', LinkCache::getSelectFields(), $conds, __METHOD__, [ 'ORDER BY' => 'page_title', 'LIMIT' => $limit ] ) );
		return [ 'pages' => $this->records( $this->pagesFromRows( $db, $rows ) ) ];
	}

	/** Every page of a namespace, in title order. */
	public function all( int $namespace ): array {
		$pages = [];
		for ( $after = null; ; $after = end( $batch )['title'] ) {
			$batch = $this->list( $namespace, $after, 500, null )['pages'];
			if ( $batch === [] ) {
				return $pages;
			}
			array_push( $pages, ...$batch );
		}
	}
}
