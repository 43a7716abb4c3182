<?php
/** An error reply of a Redis-protocol server (`-ERR ...`), as a value: the caller decides what it means. */

namespace MediaWiki\Extension\Strata\Stores;

class RespError {
	public function __construct( public readonly string $message ) {
	}
}
