/*!
 * ext.strata.editor: mounts the shared Subject editor (host-shim/browser/subject-editor.js) on
 * #subject-editor (Mediawiki\Extension\Strata\Editor\EditorFrame). ResourceLoader serves this script
 * only: the editor's ES modules and the slim core module (pkg/web-slim, with its wasm) are imported
 * from the extension's assets path, which the server names in config.json with Strata's REST base
 * and source keys. The editor's words are this extension's messages (mw.msg).
 */
( function () {
	const config = require( './config.json' );
	const root = document.getElementById( 'subject-editor' );
	const msg = ( key, ...params ) => mw.msg( key, ...params );
	const absolute = ( path ) => new URL( path, location.href ).href;
	const data = root && root.dataset;

	async function start() {
		const [ editor, core ] = await Promise.all( [
			import( absolute( config.editorModules + '/subject-editor.js' ) ),
			import( absolute( config.coreModule + '/strata.js' ) )
		] );
		// wasm-bindgen's init: fetches strata_bg.wasm beside strata.js.
		await core.default();
		await editor.mountSubjectEditor( root, {
			core,
			rest: config.rest,
			csrfToken: mw.user.tokens.get( 'csrfToken' ),
			pageId: data.pageId ? Number( data.pageId ) : null,
			pageTitle: data.pageTitle || null,
			subjectId: data.subjectId || null,
			schema: data.schema || null,
			coreOptions: { sourceKey: config.sourceKey, sources: config.sources },
			pageUrl: ( title ) => mw.util.getUrl( title ),
			msg
		} );
	}

	if ( root ) {
		start().catch( ( error ) => {
			const alert = document.createElement( 'p' );
			alert.className = 'error';
			alert.setAttribute( 'role', 'alert' );
			alert.textContent = msg( 'strata-editor-start-failed', error.message );
			root.replaceChildren( alert );
		} );
	}
}() );
