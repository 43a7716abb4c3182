-- mw.ext.strata: Strata's scripting accessors for Lua modules (docs/scripting.md). The functions are
-- the PHP library's (LuaLibrary.php); this file only puts them into mw.ext.
local strata = {}

function strata.setupInterface()
	strata.setupInterface = nil
	local php = mw_interface
	mw_interface = nil

	-- The Subjects of a page (the current page when none is named), the main Subject first, each
	-- with isMainSubject.
	strata.getSubjects = php.getSubjects

	-- A query in the default tier: strata.query( 'cypher' or 'sparql', text [, parameters] ) answers
	-- { columns = {...}, rows = { { column = value, ... }, ... }, truncated = bool }.
	strata.query = php.query

	mw = mw or {}
	mw.ext = mw.ext or {}
	mw.ext.strata = strata
	package.loaded['mw.ext.strata'] = strata
end

return strata
