<?php
/**
 * The module trapped (a panic aborts in the release build, or memory ran out). The instance that
 * trapped is discarded; the next call runs in a fresh one.
 */

declare(strict_types=1);

namespace Strata\Bridge;

final class TrapError extends \RuntimeException
{
}
