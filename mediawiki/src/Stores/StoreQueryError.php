<?php
/** A store refused a read: `kind` is the core's error kind (`syntax`, `timeout`, `readOnly`, `unavailable`). */

namespace MediaWiki\Extension\Strata\Stores;

class StoreQueryError extends \RuntimeException {
	public function __construct( public readonly string $kind, string $message ) {
		parent::__construct( $message );
	}
}
