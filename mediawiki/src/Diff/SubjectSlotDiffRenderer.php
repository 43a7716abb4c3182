<?php
/**
 * The history diff of a page's Subject slot: per Subject what was added, removed or changed, and in
 * a changed Subject its label, Schema and each Statement's old and new value, as rows of MediaWiki's
 * diff table (old on the left, new on the right). The core computes the changes (`diffSubjects`,
 * src/domain/page_diff.rs); this class only lays them out, its words from the message system. Without
 * the core the slot's JSON is diffed as text.
 */

namespace MediaWiki\Extension\Strata\Diff;

use Content;
use Html;
use IContextSource;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreUnavailable;
use SlotDiffRenderer;
use Strata\Bridge\StrataError;
use TextContent;

class SubjectSlotDiffRenderer extends SlotDiffRenderer {
	public function __construct( private IContextSource $context, private SlotDiffRenderer $asText ) {
	}

	public function getDiff( Content $oldContent = null, Content $newContent = null ) {
		$text = static fn ( ?Content $c ) => $c instanceof TextContent ? $c->getText() : null;
		try {
			$diff = json_decode( CoreGateway::diffSubjects( $text( $oldContent ), $text( $newContent ) ), true, 512, JSON_THROW_ON_ERROR );
		} catch ( CoreUnavailable | StrataError | \JsonException $e ) {
			return $this->asText->getDiff( $oldContent, $newContent );
		}
		$rows = '';
		if ( $diff['mainSubject'] !== null ) {
			$rows .= $this->pair( $this->msg( 'strata-diff-main-subject' ), $diff['mainSubject']['old'], $diff['mainSubject']['new'] );
		}
		foreach ( $diff['subjects'] as $subject ) {
			$rows .= $this->heading( $subject );
			if ( $subject['label'] !== null ) {
				$rows .= $this->pair( $this->msg( 'strata-diff-label' ), $subject['label']['old'], $subject['label']['new'] );
			}
			if ( $subject['schema'] !== null ) {
				$rows .= $this->pair( $this->msg( 'strata-diff-schema' ), $this->compact( $subject['schema']['old'] ), $this->compact( $subject['schema']['new'] ) );
			}
			foreach ( $subject['statements'] as $statement ) {
				$rows .= $this->pair( $statement['property'], $this->compact( $statement['old'] ), $this->compact( $statement['new'] ) );
			}
		}
		return $rows;
	}

	public function getExtraCacheKeys() {
		return [ 'strata-subjects-diff' ];
	}

	/** A row across the table naming the Subject and what happened to it. */
	private function heading( array $subject ): string {
		$text = $this->context->msg( 'strata-diff-subject-' . $subject['change'], $subject['id'] )->text();
		return Html::rawElement( 'tr', [ 'class' => 'strata-diff-subject', 'data-subject-id' => $subject['id'] ],
			Html::element( 'td', [ 'colspan' => 4, 'class' => 'diff-lineno' ], $text ) );
	}

	/** One line: a name with its old value on the left and its new one on the right (null: none). */
	private function pair( string $name, ?string $old, ?string $new ): string {
		$side = static function ( ?string $value, string $marker, string $class ) use ( $name ): string {
			if ( $value === null ) {
				return Html::element( 'td', [ 'class' => 'diff-marker' ] ) . Html::element( 'td', [ 'class' => 'diff-empty diff-side-' . ( $marker === '−' ? 'deleted' : 'added' ) ] );
			}
			return Html::element( 'td', [ 'class' => 'diff-marker', 'data-marker' => $marker ] )
				. Html::rawElement( 'td', [ 'class' => $class ], Html::rawElement( 'div', [], Html::element( 'strong', [], $name ) . ': ' . htmlspecialchars( $value ) ) );
		};
		return Html::rawElement( 'tr', [], $side( $old, '−', 'diff-deletedline diff-side-deleted' ) . $side( $new, '+', 'diff-addedline diff-side-added' ) );
	}

	private function msg( string $key ): string {
		return $this->context->msg( $key )->text();
	}

	/** A stored value as one line of JSON; null stays null (no value on that side). */
	private function compact( mixed $value ): ?string {
		return $value === null ? null : json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}
}
