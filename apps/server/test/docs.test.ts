/**
 * The docs say only what can be checked to exist (issue 24): every environment variable the server reads is in the
 * README's configuration table, every `npm run` script the README and docs name exists, and every repository path
 * they name (in backticks, links or plain text) exists. Reads files only: no database, no app.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(relative, suffix);
    return entry.name.endsWith(suffix) ? [relative] : [];
  });
}

/** The docs this test holds to account: the README, docs/*.md and the decision index. */
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'docs/decisions/README.md',
];
/**
 * Decision records and benchmark logs are history: only their links are checked (a file or script they name may have
 * been removed since, as they say).
 */
const HISTORY = [
  ...filesUnder('docs/decisions', '.md').filter((file) => !file.endsWith('README.md')),
  ...filesUnder('bench/results', '.md'),
];

/** Every environment variable the server reads: config.ts's schema keys and any `process.env.X` in its sources. */
export function serverEnvironmentVariables(): Set<string> {
  const names = new Set<string>();
  const config = read('apps/server/src/config.ts');
  const schema = config.slice(config.indexOf('const ConfigSchema'), config.indexOf('.superRefine('));
  for (const match of schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)) names.add(match[1]!);
  for (const match of config.matchAll(/isSet\('([A-Z][A-Z0-9_]+)'\)/g)) names.add(match[1]!);
  const sources = [...filesUnder('apps/server/src', '.ts'), 'scripts/start.ts'];
  for (const file of sources) {
    const text = read(file);
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) {
      names.add((match[1] ?? match[2])!);
    }
  }
  return names;
}

/** The variables named in the first column of the README's configuration table. */
export function readmeTableVariables(readme: string): Set<string> {
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const names = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('|'))) {
    const first = row.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

/** `npm run NAME` (optionally `-w <workspace>`) in a doc's text. */
export function npmRuns(text: string): { script: string; workspace: string | null }[] {
  return [...text.matchAll(/npm run ([\w:.-]*[\w])(?:\s+(?:-w|--workspace)[ =](@?[\w./-]+))?/g)].map((match) => ({
    script: match[1]!,
    workspace: match[2] ?? null,
  }));
}

function scriptsOf(packageDir: string): { name: string; scripts: Record<string, string> } {
  const json = JSON.parse(read(path.join(packageDir, 'package.json'))) as { name: string; scripts?: Record<string, string> };
  return { name: json.name, scripts: json.scripts ?? {} };
}

const TOP_LEVEL = /^(?:apps|packages|tools|bench|scripts|docs|test)\//;
/** Where a path relative to a layer (`modules/auth/...`, `lib/money.ts`, `test/...`) may be rooted. */
const BASES = [
  '',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web/src',
  'apps/server',
  'apps/web',
  'packages/contracts/src',
  'packages/contracts',
];

/** Outputs the build or the server makes (git-ignored, absent on a fresh clone until `npm run build` or `npm start`). */
const GENERATED = /(?:^|\/)(?:dist|data|node_modules)(?:\/|$)/;

/** A path exists, or is a build output, or names a decision by its number (`docs/decisions/015` for `015-...md`). */
function exists(candidate: string): boolean {
  if (GENERATED.test(candidate)) return true;
  const full = path.join(ROOT, candidate);
  if (existsSync(full)) return true;
  const dir = path.dirname(full);
  const base = path.basename(full);
  return /^\d{3}$/.test(base) && existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(`${base}-`));
}

/** Repository paths a doc names: relative links, and backticked or plain `dir/.../file.ext` paths. */
export function namedPaths(file: string, text: string, linksOnly = false): { target: string; candidates: string[] }[] {
  const found: { target: string; candidates: string[] }[] = [];
  const here = path.dirname(file);
  const links = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((match) => match[1]!),
  ];
  for (const link of links) {
    if (/^(?:[a-z]+:|#|\/)/i.test(link)) continue;
    const target = decodeURIComponent(link.replace(/#.*$/, ''));
    if (target !== '') found.push({ target: link, candidates: [path.join(here, target)] });
  }
  if (linksOnly) return found;
  const tokens = new Set<string>();
  for (const match of text.matchAll(/`([^`\s]+)`/g)) tokens.add(match[1]!);
  for (const match of text.matchAll(/(?<![\w/.`'-])((?:apps|packages|tools|bench|scripts|docs)\/[\w./-]*\w)/g)) {
    tokens.add(match[1]!);
  }
  for (const raw of tokens) {
    const token = raw.replace(/[.,:;)]+$/, '');
    if (/[*<>{}$[\]()]|:\/\/|^[A-Z_]+\//.test(token) || token.startsWith('/') || !token.includes('/')) continue;
    // A token outside the top-level folders is checked only when it names a file (`x/y.ts`): `payments/sms` may be prose.
    if (!TOP_LEVEL.test(token) && !/\.[a-z]{1,5}$/.test(token)) continue;
    found.push({ target: token, candidates: BASES.map((base) => path.join(base, token)) });
  }
  return found;
}

describe('the docs say what exists', () => {
  it('names every environment variable the server reads in the README configuration table', () => {
    const read_ = serverEnvironmentVariables();
    const documented = readmeTableVariables(read('README.md'));
    expect(read_.size).toBeGreaterThan(40);
    expect([...read_].filter((name) => !documented.has(name)).sort()).toEqual([]);
    // And no row documents a variable nothing reads.
    expect([...documented].filter((name) => !read_.has(name)).sort()).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const root = scriptsOf('');
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.map(scriptsOf);
    const missing: string[] = [];
    let count = 0;
    for (const file of DOCS) {
      for (const { script, workspace } of npmRuns(read(file))) {
        count += 1;
        const owner = workspace === null ? root : workspaces.find((entry) => entry.name === workspace);
        if (!owner?.scripts[script]) missing.push(`${file}: npm run ${script}${workspace ? ` -w ${workspace}` : ''}`);
      }
    }
    expect(count).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('indexes every decision, and each says its date and status at its top', () => {
    const index = read('docs/decisions/README.md');
    const problems: string[] = [];
    for (const file of HISTORY.filter((name) => name.startsWith('docs/decisions/'))) {
      const name = path.basename(file);
      const top = read(file).split('\n').slice(0, 8).join('\n');
      if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(top)) problems.push(`${name}: no Date: line`);
      if (!/^Status: \w+/m.test(top)) problems.push(`${name}: no Status: line`);
      if (!index.includes(`]: ${name}`)) problems.push(`${name}: not in docs/decisions/README.md`);
    }
    expect(problems).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of DOCS) {
      for (const { target, candidates } of namedPaths(file, read(file))) {
        count += 1;
        if (!candidates.some(exists)) missing.push(`${file}: ${target}`);
      }
    }
    for (const file of HISTORY) {
      for (const { target, candidates } of namedPaths(file, read(file), true)) {
        count += 1;
        if (!exists(candidates[0]!)) missing.push(`${file}: ${target}`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
