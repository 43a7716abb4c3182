<?php
/**
 * Strata's index tables (`strata_subject`, `strata_relation`; sql/): a page's rows are replaced with
 * the rows the core computed for its new revision, on the connection and inside the transaction that
 * saves the revision. A Subject keeps its creation time; its edit time moves when the core lists it
 * as changed.
 */

namespace MediaWiki\Extension\Strata\Host;

use Wikimedia\Rdbms\IDatabase;

class IndexTables {
	/** The key a Schema reference is filtered by: the name, or `source:name` for another source. */
	public static function schemaKey( $schema ): string {
		return is_array( $schema ) ? $schema['source'] . ':' . $schema['name'] : (string)$schema;
	}

	public static function replace( IDatabase $dbw, int $pageId, array $index, string $now ): void {
		$created = [];
		$edited = [];
		$res = $dbw->select( 'strata_subject', [ 'ss_subject_id', 'ss_created', 'ss_edited' ], [ 'ss_page_id' => $pageId ], __METHOD__ );
		foreach ( $res as $row ) {
			$created[$row->ss_subject_id] = $row->ss_created;
			$edited[$row->ss_subject_id] = $row->ss_edited;
		}
		$changed = array_flip( $index['changedSubjectIds'] ?? [] );
		$dbw->delete( 'strata_subject', [ 'ss_page_id' => $pageId ], __METHOD__ );
		$dbw->delete( 'strata_relation', [ 'sr_page_id' => $pageId ], __METHOD__ );
		$rows = [];
		foreach ( $index['subjects'] ?? [] as $s ) {
			$id = $s['subjectId'];
			$rows[] = [
				'ss_subject_id' => $id,
				'ss_page_id' => $pageId,
				'ss_schema' => json_encode( $s['schema'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ),
				'ss_schema_key' => self::schemaKey( $s['schema'] ),
				'ss_label' => $s['label'] ?? null,
				'ss_display_name' => $s['displayName'],
				'ss_display_name_generated' => $s['displayNameIsGenerated'] ? 1 : 0,
				'ss_is_main' => $s['isMain'] ? 1 : 0,
				'ss_is_dependent' => $s['isDependent'] ? 1 : 0,
				'ss_host_subject_id' => $s['hostSubjectId'] ?? null,
				'ss_position' => (int)$s['position'],
				'ss_created' => $created[$id] ?? $now,
				'ss_edited' => isset( $changed[$id] ) || !isset( $edited[$id] ) ? $now : $edited[$id],
			];
		}
		if ( $rows ) {
			$dbw->insert( 'strata_subject', $rows, __METHOD__ );
		}
		$relations = [];
		foreach ( $index['relations'] ?? [] as $r ) {
			$relations[] = [
				'sr_page_id' => $pageId,
				'sr_source_id' => $r['sourceId'],
				'sr_relation_id' => $r['relationId'],
				'sr_property' => $r['property'],
				'sr_target_id' => $r['targetId'],
			];
		}
		if ( $relations ) {
			$dbw->insert( 'strata_relation', $relations, __METHOD__ );
		}
	}

	public static function removePage( IDatabase $dbw, int $pageId ): void {
		$dbw->delete( 'strata_subject', [ 'ss_page_id' => $pageId ], __METHOD__ );
		$dbw->delete( 'strata_relation', [ 'sr_page_id' => $pageId ], __METHOD__ );
	}

	/** `{id: {pageId, schema}}` of the ids found in the index. */
	public static function subjects( IDatabase $db, array $ids ): array {
		if ( $ids === [] ) {
			return [];
		}
		$found = [];
		$res = $db->select( 'strata_subject', [ 'ss_subject_id', 'ss_page_id', 'ss_schema' ], [ 'ss_subject_id' => $ids ], __METHOD__ );
		foreach ( $res as $row ) {
			$found[$row->ss_subject_id] = [ 'pageId' => (int)$row->ss_page_id, 'schema' => json_decode( $row->ss_schema, true ) ];
		}
		return $found;
	}
}
