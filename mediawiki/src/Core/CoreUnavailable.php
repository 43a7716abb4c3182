<?php
/** The wasm core could not be loaded in this PHP process (no PHP bridge, no module, no FFI). */

namespace MediaWiki\Extension\Strata\Core;

use RuntimeException;

class CoreUnavailable extends RuntimeException {
}
