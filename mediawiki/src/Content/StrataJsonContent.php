<?php
/**
 * The JSON text of a Schema, Layout or Mapping page, or of a page's Subject slot. The model id is
 * kept per instance, so one class serves every Strata content model.
 */

namespace MediaWiki\Extension\Strata\Content;

use JsonContent;

class StrataJsonContent extends JsonContent {
	public function __construct( $text, string $modelId ) {
		parent::__construct( $text, $modelId );
	}
}
