// Flat config: strict TypeScript rules everywhere, and the project's security habits
// (no raw HTML sinks, no postMessage to '*') enforced as errors rather than review notes.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.bench/**', '.tsbuild/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Playwright fixtures without dependencies must be written `async ({}, use) => …`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Use lit templates or textContent.' },
        { property: 'outerHTML', message: 'Use lit templates or textContent.' },
        { property: 'insertAdjacentHTML', message: 'Use lit templates or textContent.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']",
          message: "Pin the target origin; never postMessage to '*'.",
        },
      ],
    },
  },
);
