<?php
/**
 * Imports a folder laid out like the project's example wiki (`examples/wiki`): `Schema/`, `Layout/`,
 * `Mapping/` and `Subject/` of JSON files, one page each, Schemas first so that Subjects are checked
 * against them. Every page goes through the core's page action `edit` (docs/page-actions.md), exactly
 * as the reference host's `strata import` does: the same content rules, normalization and index rows,
 * one transaction per page; a page whose stored form is unchanged is left alone.
 *
 *   php importFolder.php [--user NAME] FOLDER
 *
 * The import acts as --user (default: MediaWiki's maintenance user); Mapping pages need a user with
 * the right `strata-mapping-edit`. Prints one line per page (`created`, `updated`, `unchanged` or
 * `failed` and the title, with the reason) and exits with 1 when a page failed.
 */

use MediaWiki\Extension\Strata\Core\CallerFacts;
use MediaWiki\Extension\Strata\Core\CoreGateway;

$IP = getenv( 'MW_INSTALL_PATH' ) ?: '/usr/share/mediawiki';
require_once "$IP/maintenance/Maintenance.php";

class StrataImportFolder extends Maintenance {
	/** Folder, namespace and slot, in import order. */
	private const FOLDERS = [
		[ 'Schema', 7474, 'main' ],
		[ 'Layout', 7476, 'main' ],
		[ 'Mapping', 7478, 'main' ],
		[ 'Subject', 0, 'subject' ],
	];

	public function __construct() {
		parent::__construct();
		$this->addDescription( 'Imports a folder of Strata pages (Schema/, Layout/, Mapping/, Subject/ of JSON files) through the Strata core.' );
		$this->addOption( 'user', 'The user the pages are saved as (default: the maintenance user)', false, true );
		$this->addArg( 'folder', 'The folder to import, such as examples/wiki' );
		$this->requireExtension( 'Strata' );
	}

	public function execute() {
		$folder = rtrim( $this->getArg( 0 ), '/' );
		if ( !is_dir( $folder ) ) {
			$this->fatalError( "no such folder: $folder" );
		}
		$name = $this->getOption( 'user', User::MAINTENANCE_SCRIPT_USER );
		// An existing account is used as it is; only the maintenance user is made when missing.
		$user = User::newFromName( $name );
		if ( $user && !$user->isRegistered() && $name === User::MAINTENANCE_SCRIPT_USER ) {
			$user = User::newSystemUser( $name );
		}
		if ( !$user || !$user->isRegistered() ) {
			$this->fatalError( "no such user: $name" );
		}
		$gateway = CoreGateway::forRequest( $user );
		$caller = CallerFacts::of( $user );
		$counts = [ 'created' => 0, 'updated' => 0, 'unchanged' => 0, 'failed' => 0 ];
		foreach ( self::FOLDERS as [ $sub, $namespace, $slot ] ) {
			$files = glob( "$folder/$sub/*.json" ) ?: [];
			sort( $files, SORT_STRING );
			foreach ( $files as $file ) {
				[ $outcome, $line ] = $this->importFile( $gateway, $caller, $namespace, $slot, $file );
				$counts[$outcome]++;
				$this->output( "$line\n" );
			}
		}
		$this->output( sprintf( "%d created, %d updated, %d unchanged, %d failed\n",
			$counts['created'], $counts['updated'], $counts['unchanged'], $counts['failed'] ) );
		if ( $counts['failed'] > 0 ) {
			exit( 1 );
		}
	}

	/** [outcome, the line that reports it] */
	private function importFile( CoreGateway $gateway, array $caller, int $namespace, string $slot, string $file ): array {
		$title = Title::makeTitleSafe( $namespace, basename( $file, '.json' ) );
		if ( !$title ) {
			return [ 'failed', sprintf( '%-9s %s: not a page title', 'failed', basename( $file ) ) ];
		}
		$answer = $gateway->handlePageAction( [
			'action' => 'edit',
			'namespace' => $namespace,
			'title' => $title->getText(),
			'slot' => $slot,
			'text' => (string)file_get_contents( $file ),
			'summary' => 'Imported',
			'baseRevisionId' => null,
			'createOnly' => false,
			'noCreate' => false,
			'caller' => $caller,
		] );
		$shown = $title->getPrefixedText();
		if ( !$answer['ok'] ) {
			return [ 'failed', sprintf( '%-9s %s: %s: %s', 'failed', $shown, $answer['error']['code'], $answer['error']['info'] ) ];
		}
		$result = $answer['result'];
		$outcome = $result['noChange'] ? 'unchanged' : ( $result['new'] ? 'created' : 'updated' );
		return [ $outcome, sprintf( '%-9s %s', $outcome, $shown ) ];
	}
}

$maintClass = StrataImportFolder::class;
require_once RUN_MAINTENANCE_IF_MAIN;
