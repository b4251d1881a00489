import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertEmbeddedPostgresCanRun, EmbeddedAccessError, findClosedFolder } from '../src/db/embedded.ts';

/** Run as root, the embedded PostgreSQL runs as `postgres`: a private folder above its data must stop start-up early. */
describe('embedded PostgreSQL folder access', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-access-'));
  const home = path.join(base, 'home');
  fs.mkdirSync(path.join(home, 'clone'), { recursive: true });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('names the first folder another user cannot enter, and its mode', () => {
    fs.chmodSync(base, 0o755);
    fs.chmodSync(home, 0o700);
    expect(findClosedFolder(path.join(home, 'clone', 'data'), null)).toEqual({ folder: home, mode: '700' });
    fs.chmodSync(home, 0o711);
    expect(findClosedFolder(path.join(home, 'clone', 'data'), null)).toBeNull();
  });

  it('lets the owner or a member of the group in through their own permission bits', () => {
    fs.chmodSync(home, 0o750);
    const stat = fs.statSync(home);
    expect(findClosedFolder(home, { uid: stat.uid, groupIds: [] })).toBeNull();
    expect(findClosedFolder(home, { uid: stat.uid + 1, groupIds: [stat.gid] })).toBeNull();
    expect(findClosedFolder(home, { uid: stat.uid + 1, groupIds: [] })).toEqual({ folder: home, mode: '750' });
  });

  it('stops as root with one sentence saying why and what to do', async () => {
    fs.chmodSync(home, 0o700);
    const attempt = assertEmbeddedPostgresCanRun(path.join(home, 'clone', 'data'), true);
    await expect(attempt).rejects.toBeInstanceOf(EmbeddedAccessError);
    await expect(attempt).rejects.toThrow(new RegExp(`cannot enter ${home} \\(mode 700\\).*DATABASE_URL`));
    fs.chmodSync(home, 0o755);
    await expect(assertEmbeddedPostgresCanRun(path.join(home, 'clone', 'data'), true)).resolves.toBeUndefined();
  });

  it('checks nothing when not run as root', async () => {
    fs.chmodSync(home, 0o700);
    await expect(assertEmbeddedPostgresCanRun(path.join(home, 'clone', 'data'), false)).resolves.toBeUndefined();
  });
});
