import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Web features may not import each other or the app layer: imports flow contracts -> lib -> features -> app. */
const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureZones = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: `^@/features/(?!${feature}/)`, message: 'Features do not import other features; compose them in src/app.' },
          { regex: '^@/app/', message: 'Features do not import the app layer.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.data-test/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='parseFloat']", message: 'No floats for money: use the contracts money helpers.' },
      ],
      // Server and contracts layering (relative imports resolve without a TypeScript resolver).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contracts', from: './apps', message: 'Contracts depend on nothing of the apps.' },
            { target: './apps/server/src/modules', from: './apps/server/src/app.ts', message: 'Modules never import the app.' },
            { target: './apps/server/src/ledger', from: './apps/server/src/modules', message: 'The ledger core knows no feature.' },
            { target: './apps/server/src', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server only over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@/app/', message: 'Only src/app composes the app layer.' }] }],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/(features|app)/', message: 'Shared code (lib, components) does not import features or the app.' }] },
      ],
    },
  },
  ...featureZones,
  { files: ['apps/web/src/app/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': 'off' } },
);
