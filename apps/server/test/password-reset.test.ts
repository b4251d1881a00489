import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDropDir } from '../src/modules/password-reset/mailer.ts';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';

const ANSWER = 'If an account matches, a reset link has been sent.';
const INVALID = 'This reset link is invalid or has expired';

let t: TestApp;
const warnings: Array<{ fields: Record<string, unknown>; msg: string }> = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tuzo.example', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tuzo-reset-')) });
  // Capture warn lines (the app logs at "silent" in tests) without touching anything else of the logger.
  const original = t.app.deps.log;
  t.app.deps.log = Object.assign(Object.create(original), {
    warn: (fields: Record<string, unknown>, msg: string) => warnings.push({ fields, msg }),
  });
});
afterAll(async () => t.close());

/** The token of the latest reset mail: `outbox` keeps it redacted, the development mail-drop file has the whole mail. */
async function latestResetToken(email: string): Promise<string> {
  const rows = await t.sql<{ id: string; body: string }>(
    "SELECT id::text, body FROM outbox WHERE kind = 'password_reset' AND recipient = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  expect(rows[0]?.body).toContain('/forgot-password?token=[redacted]\n');
  const mail = await readFile(path.join(mailDropDir(t.app.deps), `${rows[0]?.id}.txt`), 'utf8');
  const match = /\/forgot-password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`No reset link mailed to ${email}`);
  return match[1];
}

describe('forgotpassword and resetpassword', () => {
  it('runs the whole cycle: link mailed (never in the outbox or the log), new password works, old one and old sessions do not', async () => {
    await registerOk(t, { username: 'kate_r', email: 'kate@example.com' });
    const oldSession = await loginOk(t, 'kate_r');
    const res = await callAction(t.app, 'forgotpassword', { payload: { username: 'KATE@example.com' } });
    expect(res).toMatchObject({ status: 200, resultcode: true, msg: ANSWER });
    const token = await latestResetToken('kate@example.com');
    const [stored] = await t.sql<{ token_hash: string; minutes: number }>(
      'SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_resets ORDER BY id DESC LIMIT 1',
    );
    expect(stored?.token_hash).not.toBe(token);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.minutes).toBe(30);
    const logged = warnings.find((w) => w.fields.to === 'kate@example.com');
    expect(logged?.msg).toBe('SMTP_URL is not set; mail not sent but written to the mail-drop folder: Reset your Tuzo password');
    expect(JSON.stringify(warnings)).not.toContain(token);
    expect(JSON.stringify(await t.sql('SELECT * FROM outbox'))).not.toContain(token);

    const reset = await callAction(t.app, 'resetpassword', {
      payload: { token, newpassword: 'fresh123', repassword: 'fresh123' },
    });
    expect(reset).toMatchObject({ status: 200, resultcode: true });
    expect((await callAction(t.app, 'auth', { token: oldSession })).status).toBe(401);
    expect((await callAction(t.app, 'login', { payload: { username: 'kate_r', password: 'secret123' } })).status).toBe(400);
    await loginOk(t, 'kate_r', 'fresh123');

    const again = await callAction(t.app, 'resetpassword', {
      payload: { token, newpassword: 'other123', repassword: 'other123' },
    });
    expect(again).toMatchObject({ status: 400, resultcode: false, msg: INVALID });
  });

  it('mails one account at most three reset links an hour, with the same answer every time', async () => {
    await registerOk(t, { username: 'lena_r', email: 'lena@example.com' });
    const mailed = async () =>
      (await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE recipient = 'lena@example.com'"))[0]?.n;
    for (let i = 0; i < 5; i += 1) {
      const res = await callAction(t.app, 'forgotpassword', { payload: { username: 'lena_r' } });
      expect(res).toMatchObject({ status: 200, resultcode: true, msg: ANSWER });
    }
    expect(await mailed()).toBe(3);
  });

  it('gives the same answer for an unknown account and stores nothing', async () => {
    const before = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    const res = await callAction(t.app, 'forgotpassword', { payload: { username: 'nobody_at_all' } });
    expect(res).toMatchObject({ status: 200, resultcode: true, msg: ANSWER });
    const after = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    expect(after[0]?.n).toBe(before[0]?.n);
    // The house account cannot be reset either.
    await callAction(t.app, 'forgotpassword', { payload: { username: 'tuzo_house' } });
    expect((await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0]?.n).toBe(before[0]?.n);
  });

  it('refuses an expired token, an unknown token, and spends the other tokens of a member once one is used', async () => {
    await registerOk(t, { username: 'leo_r', email: 'leo@example.com' });
    await callAction(t.app, 'forgotpassword', { payload: { username: 'leo_r' } });
    const first = await latestResetToken('leo@example.com');
    await t.sql(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND member_id = (SELECT id FROM members WHERE username = 'leo_r')",
    );
    const expired = await callAction(t.app, 'resetpassword', {
      payload: { token: first, newpassword: 'fresh123', repassword: 'fresh123' },
    });
    expect(expired).toMatchObject({ status: 400, msg: INVALID });

    await callAction(t.app, 'forgotpassword', { payload: { username: 'leo_r' } });
    const second = await latestResetToken('leo@example.com');
    await callAction(t.app, 'forgotpassword', { payload: { username: 'leo@example.com' } });
    const third = await latestResetToken('leo@example.com');
    expect(
      (await callAction(t.app, 'resetpassword', { payload: { token: third, newpassword: 'fresh123', repassword: 'fresh123' } }))
        .status,
    ).toBe(200);
    expect(
      await callAction(t.app, 'resetpassword', { payload: { token: second, newpassword: 'other123', repassword: 'other123' } }),
    ).toMatchObject({ status: 400, msg: INVALID });

    const forged = await callAction(t.app, 'resetpassword', {
      payload: { token: 'x'.repeat(43), newpassword: 'fresh123', repassword: 'fresh123' },
    });
    expect(forged).toMatchObject({ status: 400, msg: INVALID });
  });

  it('lets only one of two concurrent resets with the same token succeed', async () => {
    await registerOk(t, { username: 'mia_r', email: 'mia@example.com' });
    await callAction(t.app, 'forgotpassword', { payload: { username: 'mia_r' } });
    const token = await latestResetToken('mia@example.com');
    const results = await Promise.all(
      ['first123', 'second12'].map((password) =>
        callAction(t.app, 'resetpassword', { payload: { token, newpassword: password, repassword: password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('validates the payloads', async () => {
    expect(await callAction(t.app, 'forgotpassword', { payload: {} })).toMatchObject({
      status: 400,
      msg: 'Username or email is required',
    });
    expect(await callAction(t.app, 'forgotpassword', { payload: { username: '  ' } })).toMatchObject({
      status: 400,
      msg: 'Username or email is required',
    });
    expect(
      await callAction(t.app, 'resetpassword', { payload: { token: 'short', newpassword: 'fresh123', repassword: 'fresh123' } }),
    ).toMatchObject({ status: 400 });
    expect(
      await callAction(t.app, 'resetpassword', {
        payload: { token: 'y'.repeat(43), newpassword: 'fresh123', repassword: 'other123' },
      }),
    ).toMatchObject({ status: 400, msg: "Passwords don't match" });
    expect(
      await callAction(t.app, 'resetpassword', { payload: { token: 'y'.repeat(43), newpassword: 'abc', repassword: 'abc' } }),
    ).toMatchObject({ status: 400, msg: 'Password must be at least 4 characters' });
  });
});

describe('with SMTP configured', () => {
  let smtp: TestApp;
  beforeAll(async () => {
    // Port 1 refuses connections: the send fails in the background, and the failure is recorded on the outbox row.
    smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => smtp.close());

  it('answers the same and records the delivery failure on the outbox row', async () => {
    await registerOk(smtp, { username: 'ned_r', email: 'ned@example.com' });
    const res = await callAction(smtp.app, 'forgotpassword', { payload: { username: 'ned_r' } });
    expect(res).toMatchObject({ status: 200, msg: ANSWER });
    let rows: Array<{ error: string | null; sent_at: Date | null }> = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      rows = await smtp.sql("SELECT error, sent_at FROM outbox WHERE recipient = 'ned@example.com'");
      if (rows[0]?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows[0]?.error).toBeTruthy();
    expect(rows[0]?.sent_at).toBeNull();
  });
});
