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
 * Module front doors (decision 049): from outside a module's directory only its `index.ts` is imported; every other
 * module, and the layers around them (actions, app, lib, payments, startup), go through it. One zone per module: the
 * module's directory is the `from` (but its index), every file of the server outside it is the `target`. Tests
 * (apps/server/test) stay outside the zones: they may reach a repository directly to set up or check a case.
 */
const serverModules = fs.existsSync(`${SERVER}/modules`)
  ? fs
      .readdirSync(`${SERVER}/modules`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const frontDoorZones = serverModules.map((module) => ({
  target: [`${SERVER}/modules/!(${module})/**`, `${SERVER}/modules/*.ts`, `${SERVER}/!(modules)/**`, `${SERVER}/*.ts`],
  from: `${SERVER}/modules/${module}`,
  except: ['./index.ts'],
  message: `Import the ${module} module through its front door, modules/${module}/index.ts (decision 049).`,
}));
/**
 * The kernel (decision 049, list in modules/kernel-modules.json) imports no feature module, and its front doors may
 * publish repository functions. A feature's index publishes service functions: it never re-exports its repositories
 * or read models.
 */
const kernelModules = JSON.parse(fs.readFileSync(`${SERVER}/modules/kernel-modules.json`, 'utf8'));
const featureModules = serverModules.filter((module) => !kernelModules.includes(module));
const kernelZones = [
  {
    target: kernelModules.map((module) => `${SERVER}/modules/${module}`),
    from: featureModules.map((module) => `${SERVER}/modules/${module}`),
    message: 'A kernel module imports no feature module: let the feature register with the kernel (decision 049).',
  },
];
/** Feature front doors that must not re-export a repository's or read model's values (row types may be named). */
const featureFrontDoors = featureModules.map((module) => `apps/server/src/modules/${module}/index.ts`);
const NO_REPOSITORY_IN_FEATURE_DOOR = {
  selector:
    "ExportNamedDeclaration[exportKind='value'][source.value=/\\.(repository|read-model)(\\.ts)?$/] > ExportSpecifier[exportKind='value']",
  message: "A feature's front door publishes service functions, not its repository or read model (decision 049).",
};

const NO_FLOATS = {
  selector: "CallExpression[callee.name='parseFloat']",
  message: 'No floats for money: use the contracts money helpers.',
};
/**
 * Time and chance are dependencies (decision 048): server code reads "now" from `deps.clock` and draws from
 * `deps.random`, so tests (and CI's far-clock run) move the clock and fix the draw. Only lib/clock.ts and
 * lib/random.ts touch the machine's clock and randomness.
 */
const TIME_AND_CHANCE_SYNTAX = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'No wall clock here: use deps.clock.now() (lib/clock.ts).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'No wall clock here: use deps.clock.now() (lib/clock.ts).',
  },
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: 'No Math.random: draw from deps.random (lib/random.ts).',
  },
  {
    selector: "CallExpression[callee.property.name='randomUUID'], CallExpression[callee.name='randomUUID']",
    message: 'No randomUUID here: use deps.random.uuid(), or automaticKey() for an idempotency key (lib/random.ts).',
  },
];
const TIME_AND_CHANCE_IMPORTS = ['node:crypto', 'crypto'].map((name) => ({
  name,
  importNames: ['randomUUID'],
  message: 'No randomUUID here: use deps.random.uuid(), or automaticKey() for an idempotency key (lib/random.ts).',
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
      'no-restricted-syntax': ['error', NO_FLOATS],
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
            ...frontDoorZones,
            ...kernelZones,
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
    // Issue 24: no function over 70 lines without a reason at its top. Blank and comment lines are not counted (the
    // same count as the file rule above), so a function is measured by its code; IIFEs count as functions. A longer
    // function says why in `// eslint-disable-next-line max-lines-per-function -- <reason>` on the line above it.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/e2e/**'],
    rules: { 'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // Time and chance (decision 048). This block's no-restricted-syntax replaces the one above, so it repeats it.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/ledger/**/*.ts',
      'apps/server/src/http/**/*.ts',
      'apps/server/src/actions/**/*.ts',
      'apps/server/src/lib/**/*.ts',
    ],
    ignores: ['apps/server/src/lib/clock.ts', 'apps/server/src/lib/random.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_FLOATS, ...TIME_AND_CHANCE_SYNTAX],
      'no-restricted-imports': ['error', { paths: TIME_AND_CHANCE_IMPORTS }],
    },
  },
  {
    // Feature front doors (decision 049). After the time-and-chance block, whose no-restricted-syntax it repeats.
    files: featureFrontDoors,
    rules: { 'no-restricted-syntax': ['error', NO_FLOATS, ...TIME_AND_CHANCE_SYNTAX, NO_REPOSITORY_IN_FEATURE_DOOR] },
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
