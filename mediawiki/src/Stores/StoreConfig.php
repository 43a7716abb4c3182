<?php
/**
 * `$wgStrataStores` read once: store name → `{type, kind, projection, url, readUrl, graph}`. The
 * core is told each store's `type` and `projection` (the `stores` of the `config` operation); the
 * connection fields stay here. Types: `falkordb` (a graph store, `url` as `redis://host:port`,
 * `readUrl` a replica that answers the Cypher endpoint's reads, default `url`; `graph` default
 * `strata`) and `sparql-http` (a SPARQL 1.1 Protocol server, `url` its base).
 */

namespace MediaWiki\Extension\Strata\Stores;

class StoreConfig {
	private const KINDS = [ 'falkordb' => 'graph', 'sparql-http' => 'sparql' ];

	/** @var array<string, array> */
	private array $entries = [];

	public function __construct( array $stores ) {
		foreach ( $stores as $name => $store ) {
			$type = (string)( $store['type'] ?? '' );
			if ( !isset( self::KINDS[$type] ) || !isset( $store['url'] ) ) {
				throw new \InvalidArgumentException( "\$wgStrataStores['$name'] needs a type (falkordb or sparql-http) and a url" );
			}
			$this->entries[(string)$name] = [
				'type' => $type,
				'kind' => self::KINDS[$type],
				'projection' => (string)( $store['projection'] ?? 'native' ),
				'url' => (string)$store['url'],
				'readUrl' => (string)( $store['readUrl'] ?? $store['url'] ),
				'graph' => (string)( $store['graph'] ?? 'strata' ),
			];
		}
	}

	public function entry( string $name ): ?array {
		return $this->entries[$name] ?? null;
	}

	/** @return list<string> */
	public function names(): array {
		return array_map( 'strval', array_keys( $this->entries ) );
	}

	/** The first store of a kind (`graph` or `sparql`), which the query endpoints use. */
	public function first( string $kind ): ?string {
		foreach ( $this->entries as $name => $entry ) {
			if ( $entry['kind'] === $kind ) {
				return (string)$name;
			}
		}
		return null;
	}

	/** `{name: {type, projection}}` for the core's Settings. */
	public function forCore(): object {
		$out = [];
		foreach ( $this->entries as $name => $entry ) {
			$out[$name] = [ 'type' => $entry['type'], 'projection' => $entry['projection'] ];
		}
		return (object)$out;
	}
}
