import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/log-redaction.ts';
import { mailDropDir } from '../src/modules/password-reset/mailer.ts';
import { registerOk } from './auth-helpers.ts';
import { createTestAppOn } from './harness.ts';
import { FORWARDER_PHONE, useDepositTestApp, waitFor } from './deposits-fixtures.ts';

/**
 * Issue 12 §2: secrets never reach a log or a table in usable form. The app logs at debug level into a stream this
 * test reads; every flow that carries a secret runs; then neither the log nor `outbox` holds any of them.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
const logText = () => lines.join('');

const c = useDepositTestApp({ logger: { level: 'debug', stream: capture } });

const base = () => c.t.app.deps.publicUrl();
const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base()}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('redactUrl', () => {
  it.each([
    ['/hooks/mpesa/s3cr3t-path/stk', '/hooks/mpesa/[redacted]/stk'],
    ['/hooks/sms/s3cr3t', '/hooks/sms/[redacted]'],
    ['/hooks/sms-delivery/s3cr3t', '/hooks/sms-delivery/[redacted]'],
    ['/access/abcDEF123?next=/home', '/access/[redacted]?next=/home'],
    ['/forgot-password?token=abc123&x=1', '/forgot-password?token=[redacted]&x=1'],
    ['/api?action=auth&TOKEN=zzz', '/api?action=auth&TOKEN=[redacted]'],
    ['/api?action=userdata', '/api?action=userdata'],
  ])('%s -> %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});

describe('the request log and outbox after every flow that carries a secret', () => {
  it('hold none of the secrets, yet log each request', async () => {
    const payments = c.t.app.deps.payments;
    const member = await c.member('KE');

    // STK push: M-Pesa calls back on the unguessable path.
    const pushed = await c.call('stkpush', member, { method: 'POST', payload: { phone: '0712345678', amount: 20 } });
    await waitFor(async () => (await c.deposits(member)).some((d) => d.id === pushed.data.depositId && d.status === 2));
    // C2B confirmation and the status query's result, on the same path.
    await c.sim.mpesa.sendC2B({ TransID: 'LOGSEC0001', TransAmount: '30', MSISDN: '254712345678' });
    await waitFor(
      async () =>
        (await c.t.sql(`SELECT 1 FROM payment_notifications WHERE trans_id = 'LOGSEC0001' AND verification = 'verified'`))
          .length > 0,
    );
    // A wrong M-Pesa path secret is logged redacted too.
    await post('/hooks/mpesa/guessed-secret-value/stk', {});
    // SMS forwarder: the secret in the header, and (for apps that cannot set one) in the path.
    const sms = {
      from: 'MPESA',
      to: FORWARDER_PHONE,
      message: 'LOGSEC0002 Confirmed. Ksh5.00 received from JOHN DOE 254712345678 on 1/11/26 at 10:00 AM',
    };
    expect((await post('/hooks/sms', sms, { 'x-forwarder-secret': payments.smsForwarderSecret })).status).toBe(200);
    expect((await post(`/hooks/sms/${payments.smsForwarderSecret}`, sms)).status).toBe(200);
    // Password reset: the link is mailed, and the member opens it.
    await registerOk(c.t, { username: 'logsec_r', email: 'logsec@example.com' });
    await c.call('forgotpassword', member, { method: 'POST', payload: { username: 'logsec_r' }, token: null });
    const [reset] = await c.t.sql<{ id: string }>(`SELECT id::text FROM outbox WHERE recipient = 'logsec@example.com'`);
    const mail = await readFile(path.join(mailDropDir(c.t.app.deps), `${reset!.id}.txt`), 'utf8');
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await fetch(`${base()}/forgot-password?token=${resetToken}`);
    // An access link, and a bearer token in the Authorization header (of every member call above as well).
    const issued = await c.call('accesslink', member, { method: 'POST', payload: {} });
    const accessToken = /\/access\/([^/?#]+)$/.exec(issued.data.link)?.[1] ?? '';
    await fetch(issued.data.link);
    const exchanged = await c.call('accessexchange', member, {
      method: 'POST',
      payload: { token: accessToken, confirm: true },
      token: null,
    });
    const linkSession: string = exchanged.data.access_token;
    await c.call('userdata', member);
    // A debug line that carries request headers or a token field (as a plugin might log) is censored as well.
    c.t.app.log.debug(
      {
        headers: { authorization: `Bearer ${member.token}`, 'x-forwarder-secret': payments.smsForwarderSecret },
        token: resetToken,
      },
      'debug detail',
    );

    await waitFor(
      async () => logText().includes('/forgot-password?token=[redacted]') && logText().includes('/access/[redacted]'),
    );
    const text = logText();
    const { config } = c.t.app.deps;
    const secrets = {
      mpesaCallbackSecret: payments.mpesaCallbackSecret,
      smsForwarderSecret: payments.smsForwarderSecret,
      guessedSecret: 'guessed-secret-value',
      bearerToken: member.token,
      resetToken: resetToken!,
      accessToken,
      linkSession,
      consumerSecret: config.MPESA_CONSUMER_SECRET!,
      securityCredential: config.MPESA_SECURITY_CREDENTIAL!,
      flutterwaveSecretKey: config.FLW_SECRET_KEY!,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(text.includes(secret), `${name} appears in the log`).toBe(false);
    }
    // The flows were logged (at info and debug), with the secret parts redacted.
    for (const url of [
      '/hooks/mpesa/[redacted]/stk',
      '/hooks/mpesa/[redacted]/c2b',
      '/hooks/mpesa/[redacted]/status',
      '/hooks/sms/[redacted]',
      '/hooks/sms"',
    ]) {
      expect(text, url).toContain(url);
    }
    expect(text).toContain('"level":20');
    expect(text).toContain('"headers":{"authorization":"[redacted]","x-forwarder-secret":"[redacted]"},"token":"[redacted]"');

    const outbox = JSON.stringify(await c.t.sql('SELECT * FROM outbox'));
    expect(outbox).toContain('/forgot-password?token=[redacted]');
    expect(outbox.includes(resetToken!)).toBe(false);

    // The generated webhook secrets are kept sealed under TUZO_SECRET_KEY, never in clear, in the settings table.
    const settings = await c.t.sql<{ key: string; value: string }>(
      "SELECT key, value::text AS value FROM settings WHERE key LIKE 'hooks.%' ORDER BY key",
    );
    expect(settings.map((row) => row.key)).toEqual([
      'hooks.mpesa_callback_secret',
      'hooks.sms_delivery_secret',
      'hooks.sms_forwarder_secret',
    ]);
    const table = JSON.stringify(settings);
    expect(table.includes(payments.mpesaCallbackSecret)).toBe(false);
    expect(table.includes(payments.smsForwarderSecret)).toBe(false);
    expect(table.includes(payments.smsDeliverySecret)).toBe(false);
    for (const row of settings) expect(row.value).toMatch(/^"v1:/);
  });

  it('seals a webhook secret an earlier version stored in clear, and keeps using it', async () => {
    const legacy = 'legacy-clear-secret-0123456789';
    await c.t.sql("UPDATE settings SET value = to_jsonb($1::text) WHERE key = 'hooks.sms_forwarder_secret'", [legacy]);
    const second = await createTestAppOn(c.t.databaseUrl, { TUZO_SECRET_KEY: c.t.app.deps.secrets.current.key.toString('hex') });
    try {
      expect(second.app.deps.payments.smsForwarderSecret).toBe(legacy);
      const [row] = await c.t.sql<{ value: string }>(
        "SELECT value::text AS value FROM settings WHERE key = 'hooks.sms_forwarder_secret'",
      );
      expect(row!.value).toMatch(/^"v1:/);
      expect(row!.value.includes(legacy)).toBe(false);
    } finally {
      await second.closeWithoutReconcile();
    }
  });
});
