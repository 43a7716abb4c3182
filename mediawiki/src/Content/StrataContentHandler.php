<?php
/**
 * One content handler for the Strata models (strata-schema, strata-layout, strata-mapping,
 * strata-subjects); MediaWiki constructs it with the model id. The text a save stores and whether it
 * may be saved are asked of the core (`PageContentCheck`), so an api.php edit of a Schema page is
 * checked and normalized exactly as on the reference host. The Subject slot is written only through
 * the core's own saves, which have checked it already. Each model is allowed only where it belongs
 * (`canBeUsedOn`): Schema, Layout and Mapping in their namespaces, the Subject slot's model nowhere as
 * a page's main model, so Special:ChangeContentModel, moves and imports cannot put them elsewhere.
 */

namespace MediaWiki\Extension\Strata\Content;

use ApiMessage;
use Content;
use JsonContentHandler;
use Message;
use MediaWiki\Content\Renderer\ContentParseParams;
use MediaWiki\Content\Transform\PreSaveTransformParams;
use MediaWiki\Content\ValidationParams;
use IContextSource;
use MediaWiki\Extension\Strata\Core\PageContentCheck;
use MediaWiki\Extension\Strata\Diff\SubjectSlotDiffRenderer;
use MediaWiki\Extension\Strata\Hooks\SlotRoleHook;
use MediaWiki\Extension\Strata\View\PageRendering;
use ParserOutput;
use StatusValue;
use Title;

class StrataContentHandler extends JsonContentHandler {
	public function __construct( $modelId ) {
		parent::__construct( $modelId );
	}

	protected function getContentClass() {
		return StrataJsonContent::class;
	}

	public function unserializeContent( $text, $format = null ) {
		$this->checkFormat( $format );
		return new StrataJsonContent( $text, $this->getModelID() );
	}

	public function makeEmptyContent() {
		return new StrataJsonContent( '{}', $this->getModelID() );
	}

	/** The namespace of each page model (extension.json's `namespaces`). */
	private const NAMESPACES = [ 'strata-schema' => NS_STRATA_SCHEMA, 'strata-layout' => NS_STRATA_LAYOUT, 'strata-mapping' => NS_STRATA_MAPPING ];

	/** The main slot's model only in its own namespace; the Subject slot's model (never a main slot's) nowhere. */
	public function canBeUsedOn( Title $title ) {
		$namespace = self::NAMESPACES[$this->getModelID()] ?? null;
		return $namespace === $title->getNamespace() && parent::canBeUsedOn( $title );
	}

	private function checksPages(): bool {
		return $this->getModelID() !== SlotRoleHook::MODEL;
	}

	protected function fillParserOutput( Content $content, ContentParseParams $cpoParams, ParserOutput &$output ) {
		'@phan-var StrataJsonContent $content';
		$page = $cpoParams->getPage();
		if ( !$this->checksPages() ) {
			$options = $cpoParams->getParserOptions();
			// Reading the user language splits the parser cache by it (the core's words are in it).
			PageRendering::addSubjects( $page, $content->getText(), $options->getUserIdentity(), $options->getUserLangObj(), $output, $cpoParams->getGenerateHtml() );
			$output->setText( $cpoParams->getGenerateHtml() ? '' : null );
			return;
		}
		$html = $cpoParams->getGenerateHtml()
			? PageRendering::definitionHtml( $this->getModelID(), $page, $content->getText(), $cpoParams->getParserOptions()->getUserLangObj() )
			: null;
		if ( $html === null ) {
			parent::fillParserOutput( $content, $cpoParams, $output );
			return;
		}
		$output->setText( $html );
		$output->addModuleStyles( [ PageRendering::STYLES ] );
	}

	/** The Subject slot's history diff shows Subjects and Statements; the other models diff as text. */
	protected function getSlotDiffRendererWithOptions( IContextSource $context, $options = [] ) {
		$asText = parent::getSlotDiffRendererWithOptions( $context, $options );
		return $this->checksPages() ? $asText : new SubjectSlotDiffRenderer( $context, $asText );
	}

	public function preSaveTransform( Content $content, PreSaveTransformParams $pstParams ): Content {
		'@phan-var StrataJsonContent $content';
		if ( !$this->checksPages() ) {
			return $content;
		}
		$answer = PageContentCheck::check( $pstParams->getPage(), $content->getText() );
		return $answer['ok'] ? new StrataJsonContent( $answer['text'], $this->getModelID() ) : $content;
	}

	public function validateSave( Content $content, ValidationParams $validationParams ) {
		'@phan-var StrataJsonContent $content';
		if ( !$this->checksPages() ) {
			return parent::validateSave( $content, $validationParams );
		}
		$answer = PageContentCheck::check( $validationParams->getPageIdentity(), $content->getText() );
		if ( $answer['ok'] ) {
			return StatusValue::newGood();
		}
		if ( !$answer['reasons'] ) {
			return StatusValue::newFatal( $answer['code'], $answer['info'] );
		}
		// A refused Schema: one message per reason, its kind's message in the reader's language
		// after the JSON path; api.php's error code stays the core's (strata-invalid-schema).
		$status = StatusValue::newGood();
		foreach ( $answer['reasons'] as $reason ) {
			$kind = new Message( $reason['messageKey'], $reason['params'] );
			$status->fatal( ApiMessage::create( new Message( 'strata-schema-refusal', [ $reason['path'], $kind ] ), $answer['code'] ) );
		}
		return $status;
	}
}
