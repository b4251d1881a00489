import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLocalTryOut, loadConfig, NO_PROVIDER_KEYS_MSG, providerMode, REPO_ROOT } from '../src/config.ts';

/** Issue 12 §2: in production the provider simulator runs only when TUZO_PROVIDER_SIMULATOR asks for it. */
const mode = (env: Record<string, string>) => providerMode(loadConfig(env));
const MPESA_KEYS = { MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's', MPESA_PASSKEY: 'p' };
/** A public production server also needs its secret key (decision 022); any 32 bytes do here. */
const PUBLIC = { PUBLIC_URL: 'https://tuzo.example', TUZO_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('providerMode', () => {
  it('refuses a production server without keys that did not ask for the simulator, saying what to set', () => {
    expect(() => mode({ NODE_ENV: 'production' })).toThrow(NO_PROVIDER_KEYS_MSG);
    expect(() => mode({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toThrow(NO_PROVIDER_KEYS_MSG);
    expect(() => mode({ NODE_ENV: 'production', TUZO_PROVIDER_SIMULATOR: 'false' })).toThrow(NO_PROVIDER_KEYS_MSG);
    expect(NO_PROVIDER_KEYS_MSG).toContain('TUZO_PROVIDER_SIMULATOR=true');
  });

  it('runs the simulator in production only when asked, and uses keys when they are set', () => {
    expect(mode({ NODE_ENV: 'production', TUZO_PROVIDER_SIMULATOR: 'true', ...PUBLIC })).toBe('simulator');
    expect(() => mode({ NODE_ENV: 'production', ...PUBLIC })).toThrow(NO_PROVIDER_KEYS_MSG);
    expect(mode({ NODE_ENV: 'production', ...MPESA_KEYS })).toBe('providers');
    expect(mode({ NODE_ENV: 'production', FLW_SECRET_KEY: 'x', FLW_SECRET_HASH: 'y' })).toBe('providers');
  });

  it('keeps the simulator outside production unless turned off', () => {
    expect(mode({ NODE_ENV: 'development' })).toBe('simulator');
    expect(mode({ NODE_ENV: 'development', TUZO_PROVIDER_SIMULATOR: 'false' })).toBe('none');
    expect(mode({ NODE_ENV: 'development', ...MPESA_KEYS })).toBe('providers');
    expect(() => loadConfig({ TUZO_PROVIDER_SIMULATOR: 'maybe' })).toThrow(/TUZO_PROVIDER_SIMULATOR/);
  });

  it('treats npm start without keys or PUBLIC_URL as a local try-out (the launcher asks for the simulator)', () => {
    expect(isLocalTryOut({})).toBe(true);
    expect(isLocalTryOut({ PUBLIC_URL: 'http://localhost:3000' })).toBe(true);
    expect(isLocalTryOut({ PUBLIC_URL: 'https://tuzo.example' })).toBe(false);
    expect(isLocalTryOut({ MPESA_CONSUMER_KEY: 'k' })).toBe(false);
    expect(isLocalTryOut({ TUZO_PROVIDER_SIMULATOR: 'false' })).toBe(false);
  });
});

describe('the process entry', () => {
  it('stops a production start without keys at once with the sentence, before starting anything', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tuzo-mode-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...PUBLIC,
      DATA_DIR: dataDir,
      PORT: '0',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/server.ts')], {
      cwd: REPO_ROOT,
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(NO_PROVIDER_KEYS_MSG);
  }, 30_000);
});
