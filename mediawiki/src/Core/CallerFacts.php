<?php
/**
 * The `caller` object of handleRoute and handlePageAction from MediaWiki's facts: the user, their
 * effective groups and the rights of this session (a bot-password session only has its grants). A
 * route that asks only some rights (the core's route table, `Route::rights_asked`) gets those the
 * caller holds and no groups: a right everyone holds (`PermissionManager::isEveryoneAllowed`, as
 * MediaWiki's own REST router and api.php check `read`) is then stated without loading the
 * caller's groups and rights (issue 31: a third of a list's CPU beyond `list=allpages`).
 */

namespace MediaWiki\Extension\Strata\Core;

use MediaWiki\MediaWikiServices;
use MediaWiki\Permissions\Authority;

class CallerFacts {
	/** @param ?list<string> $asked the rights the core asks; null for every right the caller has */
	public static function of( Authority $authority, ?array $asked = null ): array {
		$services = MediaWikiServices::getInstance();
		$user = $services->getUserFactory()->newFromUserIdentity( $authority->getUser() );
		$facts = [ 'userId' => $user->getId(), 'name' => $user->getName(), 'anonymous' => !$user->isRegistered() ];
		if ( $asked !== null ) {
			$held = static fn ( string $right ): bool => self::holds( $authority, $right );
			return $facts + [ 'rights' => array_values( array_filter( $asked, $held ) ) ];
		}
		$groups = $services->getUserGroupManager()->getUserEffectiveGroups( $user );
		$rights = $services->getPermissionManager()->getUserPermissions( $user );
		return $facts + [
			'bot' => in_array( 'bot', $groups, true ),
			'groups' => array_values( $groups ),
			'rights' => array_values( array_unique( $rights ) ),
		];
	}

	/**
	 * Whether $authority holds $right: a right everyone holds is stated without loading the caller's
	 * groups and rights.
	 */
	public static function holds( Authority $authority, string $right ): bool {
		return MediaWikiServices::getInstance()->getPermissionManager()->isEveryoneAllowed( $right ) || $authority->isAllowed( $right );
	}
}
