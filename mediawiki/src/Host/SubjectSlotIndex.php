<?php
/**
 * The index rows of a revision MediaWiki saved or restored without the core (a revert, an undo, an
 * undeletion, an import; maintenance/rebuildIndex.php for every page): its Subject slot is handed to the core's `preparePages`, which computes the rows as a
 * save does (every Subject of the slot counts as changed), and the page's rows are replaced on the
 * primary connection, inside the transaction of the save when there is one. A slot the core refuses
 * leaves the rows as they were and is logged.
 */

namespace MediaWiki\Extension\Strata\Host;

use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\Logger\LoggerFactory;
use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\RevisionRecord;
use Title;
use User;

class SubjectSlotIndex {
	/**
	 * $schemas: every Schema by name (schemas()), when the caller reindexes many revisions, or
	 * checks the revisions they were read at. Answers the titles of the Schemas the slot names that
	 * were not among them (the core's `absentSchemas`).
	 */
	public static function reindex( RevisionRecord $revision, ?object $schemas = null ): array {
		$services = MediaWikiServices::getInstance();
		$title = Title::castFromPageIdentity( $revision->getPage() );
		$dbw = $services->getDBLoadBalancer()->getConnectionRef( DB_PRIMARY );
		$content = $revision->hasSlot( SlotRoleHook::ROLE ) ? $revision->getContent( SlotRoleHook::ROLE, RevisionRecord::RAW ) : null;
		$index = [ 'subjects' => [], 'relations' => [], 'changedSubjectIds' => [] ];
		if ( $content ) {
			$pages = [ [ 'title' => $title->getText(), 'content' => json_decode( $content->serialize() ) ] ];
			$options = [ 'sourceKey' => $services->getMainConfig()->get( 'StrataSourceKey' ) ];
			$prepared = json_decode( CoreGateway::core()->preparePages( self::json( $pages ), self::json( $schemas ?? self::schemas( $services ) ), self::json( $options ) ), true );
			$page = $prepared['pages'][0] ?? [ 'error' => 'no answer' ];
			if ( isset( $page['error'] ) ) {
				LoggerFactory::getInstance( 'Strata' )->warning( "the Subjects of revision {$revision->getId()} were not indexed: {$page['error']}" );
				return [];
			}
			$index = $page['index'];
		}
		IndexTables::replace( $dbw, $revision->getPageId(), $title->getPrefixedText(), $revision->getId(), $index, $revision->getTimestamp() );
		return $prepared['absentSchemas'] ?? [];
	}

	/** Every Schema of the wiki by name, as `preparePages` takes them. */
	public static function schemas( MediaWikiServices $services ): object {
		return self::schemasAt( $services )[0];
	}

	/**
	 * Every Schema of the wiki by name, and the revisions they were read at, as a save's
	 * `validatedAgainst` names them (`SchemaRevisions::changed` checks them).
	 */
	public static function schemasAt( MediaWikiServices $services ): array {
		$records = new PageRecords( $services, User::newSystemUser( User::MAINTENANCE_SCRIPT_USER, [ 'steal' => true ] ) );
		$schemas = [];
		$versions = [];
		foreach ( $records->all( NS_STRATA_SCHEMA ) as $page ) {
			$schemas[$page['title']] = json_decode( $page['mainSlot'] ?? 'null' );
			$versions[] = [ 'namespace' => NS_STRATA_SCHEMA, 'title' => $page['title'], 'revisionId' => $page['latestRevisionId'] ];
		}
		return [ (object)$schemas, $versions ];
	}

	private static function json( $value ): string {
		return json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR );
	}
}
