<?php
/**
 * One connection to a Redis-protocol server (FalkorDB) from PHP: commands written as RESP2 arrays of
 * bulk strings, replies read as strings, integers, null, arrays and RespError values. Every read is
 * bounded by a deadline and a byte budget, so a slow or huge answer never holds an Apache worker: it
 * fails with RespFailure (`timeout`, `tooLarge` or `unavailable`).
 */

namespace MediaWiki\Extension\Strata\Stores;

class RespConnection {
	/** @var resource */
	private $socket;
	private float $deadline = 0.0;
	private int $budget = 0;

	/** Connects to `redis://host:port` within $timeoutMs. */
	public function __construct( string $url, int $timeoutMs ) {
		$parts = parse_url( $url );
		$address = 'tcp://' . ( $parts['host'] ?? '127.0.0.1' ) . ':' . ( $parts['port'] ?? 6379 );
		$socket = @stream_socket_client( $address, $errno, $error, $timeoutMs / 1000 );
		if ( !$socket ) {
			throw new RespFailure( 'unavailable', "cannot connect to $address: $error" );
		}
		$this->socket = $socket;
	}

	public function close(): void {
		if ( is_resource( $this->socket ) ) {
			fclose( $this->socket );
		}
	}

	/** Sends $args and reads one reply within $timeoutMs and at most $maxBytes. */
	public function command( array $args, int $timeoutMs, int $maxBytes = 32 * 1024 * 1024 ) {
		$this->send( $args );
		return $this->reply( $timeoutMs, $maxBytes );
	}

	/** Writes several commands at once (the server runs them in order), then reads their replies. */
	public function pipeline( array $commands, int $timeoutMs ): array {
		foreach ( $commands as $args ) {
			$this->send( $args );
		}
		$replies = [];
		foreach ( $commands as $_ ) {
			$replies[] = $this->reply( $timeoutMs, 32 * 1024 * 1024 );
		}
		return $replies;
	}

	private function send( array $args ): void {
		$out = '*' . count( $args ) . "\r\n";
		foreach ( $args as $arg ) {
			$arg = (string)$arg;
			$out .= '$' . strlen( $arg ) . "\r\n" . $arg . "\r\n";
		}
		for ( $written = 0; $written < strlen( $out ); $written += $n ) {
			$n = @fwrite( $this->socket, substr( $out, $written ) );
			if ( !$n ) {
				throw new RespFailure( 'unavailable', 'the connection closed while the command was sent' );
			}
		}
	}

	private function reply( int $timeoutMs, int $maxBytes ) {
		$this->deadline = microtime( true ) + $timeoutMs / 1000;
		$this->budget = $maxBytes;
		return $this->value();
	}

	private function value() {
		$line = $this->line();
		$rest = substr( $line, 1 );
		switch ( $line[0] ?? '' ) {
			case '+':
				return $rest;
			case '-':
				return new RespError( $rest );
			case ':':
				return (int)$rest;
			case '$':
				return (int)$rest < 0 ? null : substr( $this->bytes( (int)$rest + 2 ), 0, -2 );
			case '*':
				if ( (int)$rest < 0 ) {
					return null;
				}
				$items = [];
				for ( $i = 0; $i < (int)$rest; $i++ ) {
					$items[] = $this->value();
				}
				return $items;
		}
		throw new RespFailure( 'unavailable', 'the server sent something that is not RESP' );
	}

	private function line(): string {
		$this->wait();
		$line = fgets( $this->socket );
		if ( $line === false ) {
			$this->failed();
		}
		$this->spend( strlen( $line ) );
		return rtrim( $line, "\r\n" );
	}

	private function bytes( int $length ): string {
		$this->spend( $length );
		$data = '';
		while ( strlen( $data ) < $length ) {
			$this->wait();
			$chunk = fread( $this->socket, $length - strlen( $data ) );
			if ( $chunk === false || ( $chunk === '' && feof( $this->socket ) ) ) {
				$this->failed();
			}
			$data .= $chunk;
		}
		return $data;
	}

	/** Sets the socket's read timeout to what is left of the deadline. */
	private function wait(): void {
		$left = $this->deadline - microtime( true );
		if ( $left <= 0 ) {
			throw new RespFailure( 'timeout', 'Query timed out' );
		}
		stream_set_timeout( $this->socket, (int)$left, (int)( fmod( $left, 1 ) * 1e6 ) );
	}

	private function spend( int $bytes ): void {
		$this->budget -= $bytes;
		if ( $this->budget < 0 ) {
			throw new RespFailure( 'tooLarge', 'the result is too large; return fewer or smaller values' );
		}
	}

	private function failed(): never {
		if ( stream_get_meta_data( $this->socket )['timed_out'] ?? false ) {
			throw new RespFailure( 'timeout', 'Query timed out' );
		}
		throw new RespFailure( 'unavailable', 'the connection closed before the reply was complete' );
	}
}
