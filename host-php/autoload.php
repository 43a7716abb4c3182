<?php
/**
 * Loads the classes of the Strata PHP bridge (namespace Strata\Bridge, one class per file in src/).
 */

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'Strata\\Bridge\\';
    if (str_starts_with($class, $prefix)) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
