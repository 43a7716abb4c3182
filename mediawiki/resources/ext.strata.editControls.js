/*!
 * ext.strata.editControls: an "Edit" link on each Subject, to action=editsubject, for callers who may
 * edit (the server adds this module only for them): in the page view on each Subject's section
 * (`section.subject` with `id="subject-<ID>"`, the core's markup on every host) that has no Edit link
 * yet, and on the Data tab on each Subject's row (`tr.subject` with the Subject ID as its `id`).
 */
( function () {
	const page = mw.config.get( 'wgPageName' );
	const editLink = ( id ) => {
		const link = document.createElement( 'a' );
		link.className = 'edit-subject';
		link.href = mw.util.getUrl( page, { action: 'editsubject', subject: id } );
		link.textContent = mw.msg( 'strata-edit-subject' );
		return link;
	};
	$( () => {
		document.querySelectorAll( 'section.subject[id^="subject-"] > header' ).forEach( ( header ) => {
			if ( !header.querySelector( 'a.edit-subject' ) ) {
				header.append( ' ', editLink( header.parentElement.id.slice( 'subject-'.length ) ) );
			}
		} );
		document.querySelectorAll( 'table.subjects tr.subject[id] > td:first-child' ).forEach( ( cell ) => {
			if ( !cell.querySelector( 'a.edit-subject' ) ) {
				cell.append( ' ', editLink( cell.parentElement.id ) );
			}
		} );
	} );
}() );
