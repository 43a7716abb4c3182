<?php
/**
 * `Stores\RespConnection` against a server played by the test in the same process (a listening
 * socket on a port the system picks, on 127.0.0.1): the reply is written before the command is
 * sent, so one process plays both ends. Commands on the wire, every reply kind, and each way a
 * reply fails (`tooLarge`, `unavailable`, `timeout`).
 */

namespace MediaWiki\Extension\Strata\Tests\Unit\Stores;

use MediaWiki\Extension\Strata\Stores\RespConnection;
use MediaWiki\Extension\Strata\Stores\RespError;
use MediaWiki\Extension\Strata\Stores\RespFailure;
use PHPUnit\Framework\TestCase;

class RespConnectionTest extends TestCase {
	/** @var resource */
	private $server;
	/** @var resource|null the server's end of the connection */
	private $peer = null;
	private ?RespConnection $connection = null;

	protected function setUp(): void {
		$this->server = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		$this->assertNotFalse( $this->server, "a listening socket: $error" );
	}

	protected function tearDown(): void {
		$this->connection?->close();
		if ( is_resource( $this->peer ) ) {
			fclose( $this->peer );
		}
		fclose( $this->server );
	}

	private function url(): string {
		return 'redis://' . stream_socket_get_name( $this->server, false );
	}

	/** A connection whose server has already written $reply. */
	private function connectWithReply( string $reply ): RespConnection {
		$this->connection = new RespConnection( $this->url(), 1000 );
		$this->peer = stream_socket_accept( $this->server, 1 );
		fwrite( $this->peer, $reply );
		return $this->connection;
	}

	/** What the client wrote, once it wrote $length bytes. */
	private function received( int $length ): string {
		$data = '';
		while ( strlen( $data ) < $length && !feof( $this->peer ) ) {
			$data .= fread( $this->peer, $length - strlen( $data ) );
		}
		return $data;
	}

	public function testACommandIsAnArrayOfBulkStrings(): void {
		$reply = $this->connectWithReply( "+OK\r\n" )->command( [ 'GRAPH.QUERY', 'g', "a\r\nb \u{e9}", 7 ], 1000 );
		$this->assertSame( 'OK', $reply );
		$wire = "*4\r\n\$11\r\nGRAPH.QUERY\r\n\$1\r\ng\r\n\$7\r\na\r\nb \u{e9}\r\n\$1\r\n7\r\n";
		$this->assertSame( $wire, $this->received( strlen( $wire ) ), 'lengths count bytes, line breaks travel inside' );
	}

	public function testEveryReplyKindIsRead(): void {
		$replies = [
			"+PONG\r\n" => 'PONG',
			":-42\r\n" => -42,
			"\$-1\r\n" => null,
			"\$0\r\n\r\n" => '',
			"\$6\r\nab\r\ncd\r\n" => "ab\r\ncd",
			"*-1\r\n" => null,
			"*3\r\n*1\r\n:1\r\n\$1\r\nx\r\n*0\r\n" => [ [ 1 ], 'x', [] ],
		];
		$connection = $this->connectWithReply( implode( '', array_keys( $replies ) ) . "-ERR unknown command\r\n" );
		$commands = array_fill( 0, count( $replies ) + 1, [ 'PING' ] );
		$read = $connection->pipeline( $commands, 1000 );
		$this->assertSame( array_values( $replies ), array_slice( $read, 0, -1 ) );
		$error = end( $read );
		$this->assertInstanceOf( RespError::class, $error, 'an error reply is a value, not an exception' );
		$this->assertSame( 'ERR unknown command', $error->message );
	}

	/** @dataProvider provideFailures */
	public function testAReplyThatCannotBeReadFails( string $reply, bool $closeAfter, int $maxBytes, string $kind ): void {
		$connection = $this->connectWithReply( $reply );
		if ( $closeAfter ) {
			fclose( $this->peer );
		}
		try {
			$connection->command( [ 'PING' ], 200, $maxBytes );
			$this->fail( "expected a RespFailure of kind $kind" );
		} catch ( RespFailure $e ) {
			$this->assertSame( $kind, $e->kind, $e->getMessage() );
		}
	}

	public static function provideFailures(): array {
		$big = "\$100\r\n" . str_repeat( 'x', 100 ) . "\r\n";
		return [
			'a bulk string over the byte budget' => [ $big, false, 50, 'tooLarge' ],
			'an array whose items pass the budget' => [ "*3\r\n:1\r\n:2\r\n:3\r\n", false, 12, 'tooLarge' ],
			'the connection closed inside an array' => [ "*2\r\n:1\r\n", true, 1024, 'unavailable' ],
			'the connection closed inside a bulk string' => [ "\$10\r\nabc", true, 1024, 'unavailable' ],
			'a line that is not RESP' => [ "hello\r\n", false, 1024, 'unavailable' ],
			'no reply before the deadline' => [ '', false, 1024, 'timeout' ],
			'half a reply before the deadline' => [ "*2\r\n:1\r\n", false, 1024, 'timeout' ],
		];
	}

	public function testNoServerIsUnavailable(): void {
		$url = $this->url();
		fclose( $this->server );
		$this->server = stream_socket_server( 'tcp://127.0.0.1:0' );
		try {
			new RespConnection( $url, 1000 );
			$this->fail( 'expected a RespFailure' );
		} catch ( RespFailure $e ) {
			$this->assertSame( 'unavailable', $e->kind );
			$this->assertStringContainsString( 'cannot connect to tcp://127.0.0.1:', $e->getMessage() );
		}
	}
}
