<?php
/**
 * Settings of the test wikis only (scripts/mediawiki/wiki.sh includes this file from a test wiki's
 * LocalSettings.php; it is never part of the extension), for tests/mediawiki/test_mediawiki_edit_checks.py:
 * - an edit filter hooked into `EditFilterMergedContent` that refuses content with a marker word, as
 *   AbuseFilter or SpamBlacklist would refuse an edit;
 * - a group `strata-newbie` whose members are not autoconfirmed, so MediaWiki's `newbie` rate limit
 *   of `edit` (8 per minute by default) applies to them and a test reaches it in a few edits;
 * - pages only registered users may read (a title holding `Unreadable`).
 */

$wgHooks['EditFilterMergedContent'][] = static function ( $context, $content, $status, $summary, $user, $minoredit ) {
	if ( $content instanceof TextContent && str_contains( $content->getText(), 'ZAPWORD' ) ) {
		$status->fatal( new RawMessage( 'The test filter refuses the word $1 on $2.', [ 'ZAPWORD', $context->getTitle()->getPrefixedText() ] ) );
		return false;
	}
	return true;
};

$wgGroupPermissions['strata-newbie']['read'] = true;
$wgRevokePermissions['strata-newbie']['autoconfirmed'] = true;

// Only registered users may read a page whose title holds `Unreadable` (tests/mediawiki/test_mediawiki_reused_answers.py).
$wgHooks['getUserPermissionsErrors'][] = static function ( $title, $user, $action, &$result ) {
	if ( $action === 'read' && str_contains( $title->getText(), 'Unreadable' ) && !$user->isRegistered() ) {
		$result = [ 'badaccess-group0' ];
		return false;
	}
	return true;
};
