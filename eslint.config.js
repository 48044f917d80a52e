// typescript-eslint's recommended rules over the TypeScript sources, tests and scripts. Formatting
// is prettier's (`npm run format:check`), never a lint rule.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test/fixtures/',
      'bench/bugs/',
      'src/demo/example/',
      'src/syntax/web-tree-sitter.*',
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Stripping control characters from untrusted text is what several modules are for.
      'no-control-regex': 'off',
      // `_name` marks a parameter kept for its position in a callback's signature.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
