<?php
/** A command that got no reply: `kind` is `timeout`, `tooLarge` or `unavailable`. */

namespace MediaWiki\Extension\Strata\Stores;

class RespFailure extends \RuntimeException {
	public function __construct( public readonly string $kind, string $message ) {
		parent::__construct( $message );
	}
}
