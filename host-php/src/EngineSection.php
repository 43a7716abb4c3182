<?php
/**
 * The wasmtime version a serialized module was compiled by: wasmtime writes it into the module's
 * ELF section `.wasmtime.engine` (a format byte 0, the version's length in one byte, the version),
 * and refuses code whose version differs. The bridge reads it to learn the library's version.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class EngineSection
{
    private const NAME = '.wasmtime.engine';

    /** The version string, or null when $elf is not a 64-bit little-endian ELF file with that section. */
    public static function version(string $elf): ?string
    {
        $section = self::section($elf, self::NAME);
        if ($section === null || strlen($section) < 2 || $section[0] !== "\0") {
            return null;
        }
        $length = ord($section[1]);
        return strlen($section) >= 2 + $length ? substr($section, 2, $length) : null;
    }

    /** The bytes of the section named $name, or null. */
    private static function section(string $elf, string $name): ?string
    {
        if (strlen($elf) < 64 || !str_starts_with($elf, "\x7fELF\x02\x01")) {
            return null;
        }
        ['offset' => $table, 'size' => $entrySize, 'count' => $count, 'names' => $namesIndex] =
            unpack('Poffset', $elf, 0x28) + unpack('vsize/vcount/vnames', $elf, 0x3a);
        $header = static function (int $index) use ($elf, $table, $entrySize): ?array {
            $at = $table + $index * $entrySize;
            return $entrySize >= 0x28 && $at + 0x28 <= strlen($elf) ? unpack('Vname', $elf, $at) + unpack('Poffset/Psize', $elf, $at + 0x18) : null;
        };
        $names = $header($namesIndex);
        if ($names === null) {
            return null;
        }
        for ($i = 0; $i < $count; $i++) {
            $entry = $header($i);
            if ($entry !== null && substr($elf, $names['offset'] + $entry['name'], strlen($name) + 1) === "$name\0") {
                return $entry['offset'] + $entry['size'] <= strlen($elf) ? substr($elf, $entry['offset'], $entry['size']) : null;
            }
        }
        return null;
    }
}
