import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { cryptoRandom, sequenceRandom } from '../src/lib/random.ts';
import { parseSecretKey, SecretBox, secretKeyId, toSecretKey } from '../src/lib/secret-box.ts';
import { SECRET_KEY_FILE } from '../src/lib/secret-keys.ts';
import {
  hashRecoveryCode,
  isRecoveryCodeMatch,
  newRecoveryCode,
  normalizeRecoveryCode,
} from '../src/modules/auth/recovery-codes.ts';
import { decodeBase32, totpCode } from '../src/modules/auth/totp.ts';
import { callAction, createTestApp, createTestAppOn, type TestApp } from './harness.ts';

/**
 * Issue 12, section 3: TOTP secrets sealed at rest under TUZO_SECRET_KEY, the key's sources (environment, generated
 * development file), rotation, and recovery codes of 80 bits stored as salted hashes, each used once
 * (docs/decisions/022-secret-keys.md).
 */
const run = promisify(execFile);
const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const BOSS = { username: 'keyboss', password: 'key-boss-pass-1' };
const clock = new SettableClock(new Date('2026-11-24T10:00:05Z'));
const tempDirs: string[] = [];
const openApps: TestApp[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-keys-'));
  tempDirs.push(dir);
  return dir;
}

async function appWith(env: Record<string, string>, databaseUrl?: string): Promise<TestApp> {
  const bootstrap = { TUZO_ADMIN_USERNAME: BOSS.username, TUZO_ADMIN_PASSWORD: BOSS.password, ...env };
  const app = databaseUrl ? await createTestAppOn(databaseUrl, bootstrap, { clock }) : await createTestApp(bootstrap, { clock });
  openApps.push(app);
  return app;
}

async function closeApp(app: TestApp): Promise<void> {
  openApps.splice(openApps.indexOf(app), 1);
  await app.close();
}

/** Signs the bootstrap operator in with the password and turns two-factor sign-in on; answers the secret and codes. */
async function enrolBoss(t: TestApp): Promise<{ secret: string; recoveryCodes: string[] }> {
  const token = (await callAction(t.app, 'login', { payload: BOSS })).data.access_token as string;
  const setup = await callAction(t.app, 'totpsetup', { token, method: 'POST', payload: {} });
  expect(setup.status, setup.msg).toBe(200);
  const confirmed = await callAction(t.app, 'totpconfirm', {
    token,
    payload: { code: totpCode(setup.data.secret, clock.now()) },
  });
  expect(confirmed.status, confirmed.msg).toBe(200);
  return { secret: setup.data.secret, recoveryCodes: confirmed.data.recovery_codes };
}

/** A sign-in with a fresh authenticator code (the clock moves one step so the code was never used). */
async function signInWithCode(t: TestApp, secret: string) {
  clock.advance(30_000);
  return callAction(t.app, 'login', { payload: { ...BOSS, totp: totpCode(secret, clock.now()) } });
}

async function storedSecret(t: TestApp): Promise<string> {
  const rows = await t.sql<{ totp_secret: string }>('SELECT totp_secret FROM members WHERE username = $1', [BOSS.username]);
  return rows[0]!.totp_secret;
}

afterAll(async () => {
  for (const app of [...openApps]) await app.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('TOTP secrets are sealed at rest', () => {
  let t: TestApp;
  let secret = '';
  beforeAll(async () => {
    t = await appWith({ TUZO_SECRET_KEY: KEY_A.toString('base64') });
    secret = (await enrolBoss(t)).secret;
  });

  it('stores AES-256-GCM ciphertext under the configured key, never the secret, and signs in with a code', async () => {
    const stored = await storedSecret(t);
    expect(stored).toMatch(new RegExp(`^v1:${secretKeyId(KEY_A)}:[\\w-]{16}:[\\w-]+:[\\w-]{22}$`));
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(decodeBase32(secret).toString('base64url'));
    expect(t.app.deps.secrets.current.id).toBe(secretKeyId(KEY_A));
    const ok = await signInWithCode(t, secret);
    expect(ok.status, ok.msg).toBe(200);
    const wrong = await callAction(t.app, 'login', { payload: { ...BOSS, totp: totpCode(secret, clock.now(), 5) } });
    expect(wrong).toMatchObject({ status: 400, code: 'TOTP_INVALID' });
  });

  it('refuses a plaintext secret in the table (database constraint)', async () => {
    await expect(
      t.sql("UPDATE members SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE username = $1", [BOSS.username]),
    ).rejects.toThrow(/members_totp_secret_sealed/);
    expect(await storedSecret(t)).toMatch(/^v1:/);
  });

  it('a sealed secret copied onto another account does not open there', () => {
    const box = new SecretBox(toSecretKey(KEY_A));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(box.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'totp:2')).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('KBSWY3DPEHPK3PXP').toString('base64url');
    expect(() => box.open(parts.join(':'), 'totp:1')).toThrow();
    expect(() => new SecretBox(toSecretKey(KEY_B)).open(sealed, 'totp:1')).toThrow(/not configured/);
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(sealed);
  });

  it('seals plaintext secrets left from before at the next start, validates the constraint, and sign-in still works', async () => {
    // The database as migration 0223 leaves one written before sealing: the constraint not yet validated, the
    // operator's secret in plaintext.
    await t.sql('ALTER TABLE members DROP CONSTRAINT members_totp_secret_sealed');
    await t.sql('UPDATE members SET totp_secret = $1 WHERE username = $2', [secret, BOSS.username]);
    await t.sql(
      "ALTER TABLE members ADD CONSTRAINT members_totp_secret_sealed CHECK (totp_secret IS NULL OR totp_secret LIKE 'v1:%') NOT VALID",
    );
    const { databaseUrl } = t;
    await closeApp(t);

    t = await appWith({ TUZO_SECRET_KEY: KEY_A.toString('hex') }, databaseUrl);
    const stored = await storedSecret(t);
    expect(stored.startsWith(`v1:${secretKeyId(KEY_A)}:`)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(await t.sql("SELECT convalidated FROM pg_constraint WHERE conname = 'members_totp_secret_sealed'")).toEqual([
      { convalidated: true },
    ]);
    expect(
      await t.sql("SELECT count(*)::int AS n FROM members WHERE totp_secret IS NOT NULL AND totp_secret NOT LIKE 'v1:%'"),
    ).toEqual([{ n: 0 }]);
    expect((await signInWithCode(t, secret)).status).toBe(200);
  });

  it('rotates: a new key with the old one in TUZO_SECRET_KEY_PREVIOUS re-seals at start; without the old key the start stops', async () => {
    const { databaseUrl } = t;
    await closeApp(t);
    t = await appWith(
      { TUZO_SECRET_KEY: KEY_B.toString('base64url'), TUZO_SECRET_KEY_PREVIOUS: KEY_A.toString('base64') },
      databaseUrl,
    );
    expect((await storedSecret(t)).startsWith(`v1:${secretKeyId(KEY_B)}:`)).toBe(true);
    expect((await signInWithCode(t, secret)).status).toBe(200);
    await closeApp(t);

    const KEY_C = randomBytes(32);
    await expect(appWith({ TUZO_SECRET_KEY: KEY_C.toString('base64') }, databaseUrl)).rejects.toThrow(
      `two-factor secrets in the database were sealed with key ${secretKeyId(KEY_B)}, which is neither TUZO_SECRET_KEY nor in TUZO_SECRET_KEY_PREVIOUS`,
    );
    t = await appWith({ TUZO_SECRET_KEY: KEY_B.toString('base64') }, databaseUrl);
    expect((await signInWithCode(t, secret)).status).toBe(200);
  });
});

describe('where the key comes from', () => {
  it('reads 64 hex characters or base64 of 32 bytes, and nothing else', () => {
    expect(parseSecretKey(KEY_A.toString('hex'))).toEqual(KEY_A);
    expect(parseSecretKey(` ${KEY_A.toString('base64')}\n`)).toEqual(KEY_A);
    expect(parseSecretKey(KEY_A.toString('base64url'))).toEqual(KEY_A);
    for (const bad of [
      '',
      'secret',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      `${KEY_A.toString('hex')}00`,
    ]) {
      expect(parseSecretKey(bad)).toBeNull();
    }
    expect(() => loadConfig({ TUZO_SECRET_KEY: 'short' })).toThrow(
      'TUZO_SECRET_KEY: must be a 32-byte key: 64 hex characters or base64',
    );
    expect(() => loadConfig({ TUZO_SECRET_KEY_PREVIOUS: `${KEY_A.toString('hex')},nope` })).toThrow(
      'TUZO_SECRET_KEY_PREVIOUS: must be a 32-byte key',
    );
  });

  it('a production server on a public address refuses to start without TUZO_SECRET_KEY, with a sentence', async () => {
    const sentence =
      'In production set TUZO_SECRET_KEY to a 32-byte key: 64 hex characters or base64 (generate one with `openssl rand -base64 32`)';
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tuzo.example' })).toThrow(sentence);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tuzo.example', TUZO_SECRET_KEY: KEY_A.toString('base64') })
        .TUZO_SECRET_KEY,
    ).toEqual(KEY_A);
    // The real process: it stops at once, before any database or listener, and prints the sentence alone.
    const dataDir = tempDataDir();
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: os.homedir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tuzo.example',
      DATA_DIR: dataDir,
      PORT: '0',
    };
    const failure = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env,
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`Invalid configuration:\n  config: ${sentence}`);
    expect(failure?.stderr).not.toContain('    at ');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 90_000);

  it('development and tests generate one key into DATA_DIR (mode 0600) and reuse it on the next start', async () => {
    const dataDir = tempDataDir();
    const first = await appWith({ DATA_DIR: dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    const text = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = parseSecretKey(text);
    expect(key).not.toBeNull();
    expect(first.app.deps.secrets.current.id).toBe(secretKeyId(key!));
    const { secret } = await enrolBoss(first);
    const { databaseUrl } = first;
    await closeApp(first);

    const second = await appWith({ DATA_DIR: dataDir }, databaseUrl);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    // One key file and no temporary file left beside it.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(SECRET_KEY_FILE))).toEqual([SECRET_KEY_FILE]);
    expect(second.app.deps.secrets.current.id).toBe(secretKeyId(key!));
    expect((await signInWithCode(second, secret)).status).toBe(200);
    await closeApp(second);
  });

  it('a local production start (npm start on a fresh clone, no public address) generates its key too', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).TUZO_SECRET_KEY).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).TUZO_SECRET_KEY).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('are 16 base32 characters in four groups: 80 random bits each', () => {
    const codes = Array.from({ length: 2000 }, () => newRecoveryCode(cryptoRandom));
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Each code is exactly the encoding of 10 random bytes: every bit of it comes from the random source.
    const bytes = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab]);
    let index = 0;
    const known = newRecoveryCode({
      int: () => 0,
      bytes: (length) => bytes.subarray(index, (index += length)),
      uuid: () => 'not drawn',
    });
    expect(decodeBase32(known)).toEqual(bytes);
    // All 32 symbols appear in every position over many codes (no position is fixed or biased away).
    for (let position = 0; position < 16; position += 1) {
      expect(new Set(codes.map((code) => code.replace(/-/g, '')[position])).size).toBe(32);
    }
  });

  it('are stored as a salted HMAC-SHA-256: the same code hashes differently each time, and only it matches', () => {
    const code = normalizeRecoveryCode(newRecoveryCode(cryptoRandom))!;
    const first = hashRecoveryCode(code);
    const second = hashRecoveryCode(code);
    expect(first).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(code);
    expect(isRecoveryCodeMatch(code, first)).toBe(true);
    expect(isRecoveryCodeMatch(code, second)).toBe(true);
    const other = normalizeRecoveryCode(newRecoveryCode(cryptoRandom))!;
    expect(isRecoveryCodeMatch(other, first)).toBe(false);
    expect(normalizeRecoveryCode(' ABCD-efgh 2345-6777 ')).toBe('abcdefgh23456777');
    for (const bad of ['abcd-efgh', '123456', 'abcd-efgh-2345-6781', 'abcd-efgh-2345-67777'])
      expect(normalizeRecoveryCode(bad)).toBeNull();
  });

  it('each signs in once, even when five sign-ins race with it; the others stay usable', async () => {
    const t = await appWith({}, undefined);
    const { recoveryCodes } = await enrolBoss(t);
    const stored = await t.sql<{ code_hash: string }>('SELECT code_hash FROM totp_recovery_codes');
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of recoveryCodes) expect(row.code_hash).not.toContain(code.replace(/-/g, ''));

    const results = await Promise.all(
      Array.from({ length: 5 }, () => callAction(t.app, 'login', { payload: { ...BOSS, totp: recoveryCodes[3] } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 'TOTP_INVALID')).toHaveLength(4);
    expect(await t.sql('SELECT count(*)::int AS n FROM totp_recovery_codes WHERE used_at IS NOT NULL')).toEqual([{ n: 1 }]);
    const typedLoosely = recoveryCodes[4]!.toUpperCase().replace(/-/g, ' ');
    expect((await callAction(t.app, 'login', { payload: { ...BOSS, totp: typedLoosely } })).status).toBe(200);
    expect(await t.sql("SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.recovery_code_use'")).toEqual([{ n: 2 }]);
    await closeApp(t);
  });

  it('stay distinct and usable when the app’s random source repeats itself (tests’ fixed sequences)', () => {
    const random = sequenceRandom([7]);
    const code = normalizeRecoveryCode(newRecoveryCode(random))!;
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(code));
  });
});
