import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isPublicProduction, type Config } from '../config.ts';
import { parseSecretKey, SECRET_KEY_BYTES, SecretBox, toSecretKey } from './secret-box.ts';

/** The development key's file in DATA_DIR (beside the embedded PostgreSQL's `postgres/` folder). */
export const SECRET_KEY_FILE = 'secret.key';

export interface LoadedSecretKeys {
  box: SecretBox;
  /** Where the key came from: the environment, an existing development file, or a file generated now. */
  source: 'environment' | 'file' | 'generated';
  file: string | null;
}

/**
 * The key that seals TOTP secrets (docs/decisions/022-secret-keys.md). TUZO_SECRET_KEY when set (a production server
 * on a public PUBLIC_URL refuses to start without it: config.ts); otherwise, in development, tests and a local
 * `npm start`, DATA_DIR/secret.key, generated on the first start (mode 0600) and read on every later one, so a
 * restart keeps opening what the last run sealed.
 */
export function loadSecretKeys(config: Config): LoadedSecretKeys {
  const previous = (config.TUZO_SECRET_KEY_PREVIOUS ?? []).map(toSecretKey);
  if (config.TUZO_SECRET_KEY)
    return { box: new SecretBox(toSecretKey(config.TUZO_SECRET_KEY), previous), source: 'environment', file: null };
  if (isPublicProduction(config)) throw new Error('Invalid configuration:\n  TUZO_SECRET_KEY: required in production');
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const { key, isNew } = readOrCreateKeyFile(file);
  return { box: new SecretBox(toSecretKey(key), previous), source: isNew ? 'generated' : 'file', file };
}

function readKeyFile(file: string): Buffer {
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) {
    throw new Error(
      `Invalid configuration:\n  ${file} does not hold a 32-byte key (64 hex characters or base64); restore it, or set TUZO_SECRET_KEY`,
    );
  }
  return key;
}

/**
 * Creates the file atomically: the key is written to a private temporary file which is then hard-linked to its
 * name, which fails if another process (a second test app, a second server on this folder) got there first; that
 * process's key is read instead, so every process on one data folder seals with one key.
 */
function readOrCreateKeyFile(file: string): { key: Buffer; isNew: boolean } {
  if (fs.existsSync(file)) return { key: readKeyFile(file), isNew: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(SECRET_KEY_BYTES);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return { key, isNew: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readKeyFile(file), isNew: false };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
