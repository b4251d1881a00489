import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
/** Written into the build by the Vite config; a dotfile, so the server never serves it. */
export const STAMP_FILE = path.join(WEB_DIST_DIR, '.source-hash');

/** Everything a web build is made from: its sources, the contracts it bundles, its configuration, the lockfile. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
  'scripts/web-source-hash.ts',
  'scripts/precompress.ts',
];

function listFiles(relative: string): string[] {
  const absolute = path.join(REPO_ROOT, relative);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => listFiles(path.join(relative, entry.name)));
}

/** SHA-256 over the path and content of every input file, in a fixed order: equal hashes mean an equal build. */
export function computeWebSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(REPO_ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when apps/web/dist holds a build of exactly the current sources. */
export function isWebBuildCurrent(): boolean {
  try {
    return (
      fs.readFileSync(STAMP_FILE, 'utf8').trim() === computeWebSourceHash() &&
      fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))
    );
  } catch {
    return false;
  }
}
