import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { totpCode } from '../src/modules/auth/totp.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';

/**
 * Issue 12, section 3: the audit log is append-only in the database, and every /api answer is `no-store`
 * (docs/decisions/022-secret-keys.md, README "HTTPS").
 */
const BOSS = { username: 'trustboss', password: 'trust-boss-pass-1' };
const clock = new SettableClock(new Date('2026-11-24T08:00:05Z'));
let t: TestApp;
let bossToken = '';

beforeAll(async () => {
  t = await createTestApp({ TUZO_ADMIN_USERNAME: BOSS.username, TUZO_ADMIN_PASSWORD: BOSS.password }, { clock });
  bossToken = (await callAction(t.app, 'login', { payload: BOSS })).data.access_token;
  const setup = await callAction(t.app, 'totpsetup', { token: bossToken, method: 'POST', payload: {} });
  const confirmed = await callAction(t.app, 'totpconfirm', {
    token: bossToken,
    payload: { code: totpCode(setup.data.secret, clock.now()) },
  });
  expect(confirmed.status, confirmed.msg).toBe(200);
});
afterAll(async () => t.close());

describe('the audit log is append-only in the database', () => {
  it('keeps the rows the app writes', async () => {
    const saved = await callAction(t.app, 'adminsetting', {
      token: bossToken,
      method: 'POST',
      payload: { key: 'banner_text', value: 'Audit me' },
    });
    expect(saved.status, saved.msg).toBe(200);
    const rows = await t.sql<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['staff.totp_enable', 'setting.change']));
  });

  it.each([
    ['UPDATE', "UPDATE audit_log SET action = 'forged'"],
    ['DELETE', 'DELETE FROM audit_log'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])('refuses %s with the trigger’s message and changes nothing', async (operation, statement) => {
    const before = await t.sql<{ id: string; action: string }>('SELECT id::text AS id, action FROM audit_log ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    await expect(t.sql(statement)).rejects.toThrow(`audit_log rows are append-only: ${operation} is refused`);
    expect(await t.sql('SELECT id::text AS id, action FROM audit_log ORDER BY id')).toEqual(before);
  });
});

describe('the ledger refuses TRUNCATE as it refuses UPDATE and DELETE', () => {
  it.each([['TRUNCATE ledger_postings'], ['TRUNCATE ledger_postings, ledger_transactions CASCADE']])(
    '%s is refused and the postings stay',
    async (statement) => {
      const before = await t.sql<{ count: string }>('SELECT count(*)::text AS count FROM ledger_postings');
      await expect(t.sql(statement)).rejects.toThrow('ledger rows are append-only');
      expect(await t.sql('SELECT count(*)::text AS count FROM ledger_postings')).toEqual(before);
    },
  );
});

describe('/api answers are never cached', () => {
  it('sends Cache-Control: no-store on a success envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api?action=ping' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const member = await t.app.inject({ method: 'GET', url: '/api/userdata', headers: { authorization: `Bearer ${bossToken}` } });
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an unknown action (404)', { method: 'GET' as const, url: '/api?action=nosuchaction' }, 404],
    ['no action (400)', { method: 'GET' as const, url: '/api' }, 400],
    ['a signed-out call (401)', { method: 'GET' as const, url: '/api?action=userdata' }, 401],
    ['a wrong method (405)', { method: 'DELETE' as const, url: '/api?action=ping' }, 405],
    [
      'broken JSON (400)',
      { method: 'POST' as const, url: '/api?action=ping', payload: '{"x": ', headers: { 'content-type': 'application/json' } },
      400,
    ],
  ])('sends it on the error envelope of %s', async (_name, request, status) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, resultcode: false });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets the API document revalidate (no-cache) and leaves the web app’s own caching alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });
});
