// The JavaScript lint gate of `make test` (run from the repository root with `--config` naming this
// file): ESLint's recommended rules over the host, its tests, the browser modules, the JS snippets
// the wasm module imports (js/) and the benchmark scripts.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['**/node_modules/**', 'pkg/**', 'target/**', 'var/**'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
];
