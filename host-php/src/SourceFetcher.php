<?php
/**
 * The `fetchSource` Host operation for PHP hosts (docs/federation.md): a GET under a registered
 * source's base URL with PHP's HTTP stream wrapper, a deadline for the whole exchange, a cap on the
 * body, redirects never followed, and a bot-password session per source sent to that source alone.
 * Every outcome is an answer (`{status, body}` or `{failure}`), never an exception.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class SourceFetcher
{
    /** @var array<string, ?array<string, string>> Cookies of each source's session, by source key. */
    private array $sessions = [];

    /** @param array<string, array<string, mixed>> $sources key => {baseUrl, botUser?, botPassword?, ...} */
    public function __construct(private readonly array $sources)
    {
    }

    /** `{source, path, timeoutMs, maxBytes}` → `{status, body}` or `{failure}`. */
    public function fetch(array $args): array
    {
        $key = (string)($args['source'] ?? '');
        $source = $this->sources[$key] ?? null;
        if (!is_array($source)) {
            return ['failure' => 'unknown-source'];
        }
        $url = self::sourceUrl((string)$source['baseUrl'], $args['path'] ?? null);
        if ($url === null) {
            return ['failure' => 'unreachable', 'body' => 'the path leaves the source'];
        }
        $limits = [(int)($args['timeoutMs'] ?? 5000), (int)($args['maxBytes'] ?? 2097152)];
        $withBot = isset($source['botUser'], $source['botPassword']);
        $answer = $this->get($key, $source, $url, $limits, $withBot);
        if ($withBot && in_array($answer['status'] ?? 0, [401, 403], true)) {
            unset($this->sessions[$key]);
            $answer = $this->get($key, $source, $url, $limits, $withBot);
        }
        return isset($answer['failure'])
            ? ['failure' => $answer['failure'], 'body' => $answer['body'] ?? '']
            : ['status' => $answer['status'], 'body' => $answer['body']];
    }

    /** The URL of `path` under the base, or null when it would leave the base (the rule of docs/federation.md). */
    public static function sourceUrl(string $baseUrl, mixed $path): ?string
    {
        if (
            !is_string($path) || !str_starts_with($path, '/') || str_contains($path, '//') || str_contains($path, '\\')
            || preg_match('#(^|/)\.\.?(/|$)#', $path) || preg_match('#[\s?\#]#', $path)
        ) {
            return null;
        }
        return rtrim($baseUrl, '/') . $path;
    }

    private function get(string $key, array $source, string $url, array $limits, bool $withBot): array
    {
        $headers = ['Accept: application/json'];
        if ($withBot) {
            $this->sessions[$key] ??= $this->logIn($source, $limits);
            if ($this->sessions[$key] === null) {
                unset($this->sessions[$key]);
                return ['failure' => 'unreachable', 'body' => 'the bot password login failed'];
            }
            $headers[] = 'Cookie: ' . self::cookieLine($this->sessions[$key]);
        }
        return self::request('GET', $url, $headers, null, $limits);
    }

    /** Logs in at the api.php beside the source's rest.php; the session's cookies, or null. */
    private function logIn(array $source, array $limits): ?array
    {
        $api = preg_replace('#/rest\.php$#', '/api.php', rtrim((string)$source['baseUrl'], '/'));
        $jar = [];
        $call = static function (array $params, bool $post) use ($api, $limits, &$jar): ?array {
            $form = http_build_query($params + ['format' => 'json']);
            $headers = ['Accept: application/json'];
            if ($jar !== []) {
                $headers[] = 'Cookie: ' . self::cookieLine($jar);
            }
            if ($post) {
                $headers[] = 'Content-Type: application/x-www-form-urlencoded';
            }
            $answer = self::request($post ? 'POST' : 'GET', $post ? $api : "$api?$form", $headers, $post ? $form : null, $limits);
            $jar = array_merge($jar, $answer['cookies'] ?? []);
            return ($answer['status'] ?? 0) === 200 ? json_decode($answer['body'], true) : null;
        };
        $tokens = $call(['action' => 'query', 'meta' => 'tokens', 'type' => 'login'], false);
        $token = $tokens['query']['tokens']['logintoken'] ?? null;
        if (!is_string($token)) {
            return null;
        }
        $login = $call(['action' => 'login', 'lgname' => $source['botUser'], 'lgpassword' => $source['botPassword'], 'lgtoken' => $token], true);
        return ($login['login']['result'] ?? null) === 'Success' ? $jar : null;
    }

    private static function cookieLine(array $cookies): string
    {
        return implode('; ', array_map(static fn ($n, $v) => "$n=$v", array_keys($cookies), $cookies));
    }

    /** One bounded exchange: `{status, body, cookies}` or `{failure, body?}`. */
    private static function request(string $method, string $url, array $headers, ?string $body, array $limits): array
    {
        [$timeoutMs, $maxBytes] = $limits;
        $deadline = microtime(true) + $timeoutMs / 1000;
        $http = ['method' => $method, 'header' => implode("\r\n", $headers), 'timeout' => $timeoutMs / 1000,
            'follow_location' => 0, 'ignore_errors' => true, 'protocol_version' => 1.0];
        if ($body !== null) {
            $http['content'] = $body;
        }
        $error = '';
        set_error_handler(static function (int $no, string $message) use (&$error): bool {
            $error = $message;
            return true;
        });
        try {
            $stream = fopen($url, 'r', false, stream_context_create(['http' => $http]));
        } finally {
            restore_error_handler();
        }
        if ($stream === false) {
            return ['failure' => microtime(true) >= $deadline ? 'timeout' : 'unreachable', 'body' => $error];
        }
        try {
            $lines = stream_get_meta_data($stream)['wrapper_data'] ?? [];
            $status = preg_match('#^HTTP/\S+\s+(\d{3})#', (string)($lines[0] ?? ''), $m) ? (int)$m[1] : 0;
            $cookies = [];
            foreach ($lines as $line) {
                if (preg_match('/^content-length:\s*(\d+)/i', $line, $m) && (int)$m[1] > $maxBytes) {
                    return ['failure' => 'too-large'];
                }
                if (preg_match('/^set-cookie:\s*([^=;\s]+)=([^;]*)/i', $line, $m)) {
                    $cookies[$m[1]] = $m[2];
                }
            }
            if ($status >= 300 && $status < 400) {
                return ['failure' => 'redirect'];
            }
            $text = '';
            while (!feof($stream)) {
                $left = $deadline - microtime(true);
                if ($left <= 0) {
                    return ['failure' => 'timeout'];
                }
                stream_set_timeout($stream, (int)$left, (int)(($left - (int)$left) * 1e6));
                $chunk = fread($stream, 65536);
                if ($chunk === false || (stream_get_meta_data($stream)['timed_out'] ?? false)) {
                    return ['failure' => 'timeout'];
                }
                $text .= $chunk;
                if (strlen($text) > $maxBytes) {
                    return ['failure' => 'too-large'];
                }
            }
            return ['status' => $status, 'body' => $text, 'cookies' => $cookies];
        } finally {
            fclose($stream);
        }
    }
}
