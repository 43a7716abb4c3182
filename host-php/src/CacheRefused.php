<?php
/**
 * The module cache folder cannot be trusted or used (`ModuleCache::open`): its message says why and
 * what to change. The module is then compiled in memory.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class CacheRefused extends \RuntimeException
{
}
