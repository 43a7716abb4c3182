<?php
/**
 * Special:Subjects: finds Subjects by search text and Schema, sorted, a page at a time: a form over
 * `GET /subjects` (its parameters `search`, `schema`, `sort`, `direction`, `cursor`), the rows drawn
 * by the core's `renderList`, and a link to the next page while the list goes on.
 */

namespace MediaWiki\Extension\Strata\Special;

use Html;
use MediaWiki\Extension\Strata\Core\CoreGateway;
use MediaWiki\Extension\Strata\Core\CoreMessages;

class SpecialSubjects extends StrataSpecialPage {
	private const PAGE_SIZE = '20';
	private const PARAMETERS = [ 'search', 'schema', 'sort', 'direction', 'cursor' ];
	/** `GET /subjects`' sort orders, each with its message key. */
	private const SORTS = [ 'newest', 'name', 'schema', 'page', 'edited' ];
	private const DIRECTIONS = [ '', 'asc', 'desc' ];

	public function __construct() {
		parent::__construct( 'Subjects' );
	}

	protected function show( CoreReads $reads, array $links ): void {
		$out = $this->getOutput();
		$wanted = [];
		foreach ( self::PARAMETERS as $name ) {
			$value = trim( $this->getRequest()->getText( $name ) );
			if ( $value !== '' ) {
				$wanted[$name] = $value;
			}
		}
		$schemas = array_map( static fn ( array $s ) => (string)$s['name'], $reads->whole( '/strata/v0/schemas', 'schemas' ) );
		$out->addHTML( $this->form( $wanted, $schemas ) );
		$read = $reads->get( '/strata/v0/subjects', [ 'limit' => self::PAGE_SIZE ] + $wanted );
		if ( $read['status'] !== 200 ) {
			$out->setStatusCode( $read['status'] );
			$out->addHTML( Html::element( 'p', [ 'class' => 'error', 'role' => 'alert' ], (string)( $read['body']['message'] ?? $this->msg( 'strata-subjects-unreadable' )->text() ) ) );
			return;
		}
		$out->addHTML( CoreGateway::render( 'renderList', [ 'list' => 'subjects', 'rows' => $read['body']['subjects'], 'links' => $links,
			'messages' => CoreMessages::texts( $this->getLanguage() ) ] ) );
		$next = $read['body']['nextCursor'] ?? null;
		if ( $next !== null ) {
			$href = $this->getPageTitle()->getLocalURL( [ 'cursor' => $next ] + $wanted );
			$out->addHTML( Html::rawElement( 'p', [], Html::element( 'a', [ 'class' => 'next-page', 'rel' => 'next', 'href' => $href ], $this->msg( 'strata-subjects-next' )->text() ) ) );
		}
	}

	/** The search form: a GET to this page, so every list is a link. */
	private function form( array $wanted, array $schemas ): string {
		$schemaOptions = [ $this->msg( 'strata-subjects-all-schemas' )->text() => '' ] + array_combine( $schemas, $schemas );
		$sorts = [];
		foreach ( self::SORTS as $sort ) {
			$sorts[$this->msg( "strata-subjects-sort-$sort" )->text()] = $sort;
		}
		$directions = [];
		foreach ( self::DIRECTIONS as $direction ) {
			$directions[$this->msg( 'strata-subjects-direction-' . ( $direction ?: 'default' ) )->text()] = $direction;
		}
		$field = fn ( string $label, string $control ) => Html::rawElement( 'label', [], $this->msg( $label )->escaped() . ' ' . $control );
		$fields = $field( 'strata-subjects-search', Html::input( 'search', $wanted['search'] ?? '', 'search' ) )
			. $field( 'strata-subjects-schema', $this->select( 'schema', $schemaOptions, $wanted['schema'] ?? '' ) )
			. $field( 'strata-subjects-sort', $this->select( 'sort', $sorts, $wanted['sort'] ?? 'newest' ) )
			. $field( 'strata-subjects-direction', $this->select( 'direction', $directions, $wanted['direction'] ?? '' ) )
			. Html::hidden( 'title', $this->getPageTitle()->getPrefixedDBkey() )
			. Html::element( 'button', [ 'type' => 'submit' ], $this->msg( 'strata-subjects-find' )->text() );
		return Html::rawElement( 'form', [ 'class' => 'subject-search', 'method' => 'get', 'role' => 'search', 'action' => $this->getConfig()->get( 'Script' ) ], $fields );
	}

	/** @param array<string,string> $options label => value */
	private function select( string $name, array $options, string $selected ): string {
		$html = '';
		foreach ( $options as $label => $value ) {
			$html .= Html::element( 'option', [ 'value' => $value ] + ( (string)$value === $selected ? [ 'selected' => '' ] : [] ), (string)$label );
		}
		return Html::rawElement( 'select', [ 'name' => $name ], $html );
	}
}
