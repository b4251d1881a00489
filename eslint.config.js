import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
/**
 * The web feature fence: imports flow contracts -> lib -> features -> app. The zones are paths, so an `@/` alias
 * import and a relative `../../other-feature/...` import are caught alike (the resolver below maps the alias).
 */
const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import other features; compose them in src/app.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app layer.' },
  {
    target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/hooks`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (lib, components, hooks) does not import features or the app.',
  },
];

const SERVER = './apps/server/src';
/**
 * Table owners (docs/ARCHITECTURE.md, "Owners"): a module's `*.repository.ts` and `*.read-model.ts` files are imported
 * only inside that module's directory; every other module, and the layers around them, go through its service. One zone per module:
 * its repositories are the `from`; every file of the server outside the module's directory is the `target`.
 * Tests (apps/server/test) stay outside the zone: they may read a repository directly to set up or check a case.
 */
const serverModules = fs.existsSync(`${SERVER}/modules`)
  ? fs
      .readdirSync(`${SERVER}/modules`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const repositoryZones = serverModules.map((module) => ({
  target: [`${SERVER}/modules/!(${module})/**`, `${SERVER}/modules/*.ts`, `${SERVER}/!(modules)/**`, `${SERVER}/*.ts`],
  from: [`${SERVER}/modules/${module}/**/*.repository.ts`, `${SERVER}/modules/${module}/**/*.read-model.ts`],
  message: `A repository or read model is imported only inside its own module: call the ${module} module's service instead.`,
}));

/** Resolves the web app's `@/` alias and TypeScript files for eslint-plugin-import (see the file). */
const importResolver = path.join(path.dirname(fileURLToPath(import.meta.url)), 'eslint.import-resolver.cjs');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.data-test/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { [importResolver]: {} },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'No floats for money: use the contracts money helpers.',
        },
      ],
      // Server and contracts layering (relative imports resolve without a TypeScript resolver).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contracts', from: './apps', message: 'Contracts depend on nothing of the apps.' },
            { target: './apps/server/src/modules', from: './apps/server/src/app.ts', message: 'Modules never import the app.' },
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/actions',
              message:
                'Modules import the action layer below them (src/http: defineAction, access, envelope), never the registry or endpoint.',
            },
            {
              target: './apps/server/src/http',
              from: ['./apps/server/src/modules', './apps/server/src/actions'],
              message: 'src/http sits below the modules and the registry: it imports neither.',
            },
            {
              target: './apps/server/src/ledger',
              from: './apps/server/src/modules',
              message: 'The ledger core knows no feature.',
            },
            { target: './apps/server/src', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server only over HTTP.' },
            ...webZones,
            ...repositoryZones,
          ],
        },
      ],
    },
  },
  {
    // Tests read envelopes whose `data` differs per action; their helpers (`callAction<T = any>`) keep `any` as the
    // default type argument so a test reads the fields it asserts on. Application code has no `any`.
    files: ['**/test/**/*.ts', 'apps/web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No import cycles on the server or in the contracts either: a cycle hides an order of initialisation and
    // makes a module's owner unclear (issue 13).
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Issue 13: no source file over about 250 lines without a reason at its top. Blank and comment lines are not
    // counted; a long file says why in \`/* eslint-disable max-lines -- <reason> */\` on its first line. Tests and
    // browser flows are left out: a test file is as long as the cases of the one unit it covers.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/e2e/**'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A cycle between web modules (a feature's api and its components, lib and a feature) breaks the layering
      // above even when no zone is crossed, and makes lazy route chunks pull each other in.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
