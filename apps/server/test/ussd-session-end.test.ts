import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { phoneHash } from '../src/modules/ussd/ussd-session-end.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund } from './money-fixtures.ts';
import { endSession, phoneOf, session, withPassword } from './ussd-fixtures.ts';

/**
 * Africa's Talking's end-of-session notification (issue 26 §1, decision 056, migration 0518): stored once per session
 * with the phone as a keyed hash and nothing the member typed; a session that broke off after its withdrawal was
 * requested is named on the next session's first screen, in the member's language, until a later session ends.
 */
const { t, c } = useCountriesApp();
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});

interface EndRow {
  session_id: string;
  phone_hash: string;
  status: string;
  duration_ms: number | null;
  hops: number | null;
  error_message: string | null;
  network_code: string | null;
}
const rowsOf = (sessionId: string) =>
  t.sql<EndRow>(
    'SELECT session_id, phone_hash, status, duration_ms, hops, error_message, network_code FROM ussd_session_ends WHERE session_id = $1',
    [sessionId],
  );

const withdrawer = async (language: 'en' | 'sw', pin: string) => {
  const m = await createMember(t, { countryId: c.kes, status: 'active' });
  await t.sql('UPDATE members SET language = $2 WHERE id = $1', [m.id.toString(), language]);
  await withPassword(t, m, pin);
  await fund(t, m.id, 100_000n, 'balance');
  return { m, phone: await phoneOf(t, m) };
};

describe('USSD end-of-session notification', () => {
  it('is stored once per session: status, length, hops, error and network; the phone hashed; never the input', async () => {
    const { phone } = await withdrawer('en', '7531');
    const dial = session(t, phone);
    await dial('3*500*1');
    const fields = {
      sessionId: dial.sessionId,
      phoneNumber: phone,
      status: 'Failed',
      durationInMillis: '41250',
      hopsCount: '4',
      errorMessage: 'Network timeout',
      input: '3*500*1*7531',
      lastAppResponse: 'CON Enter your USSD PIN',
    };
    expect(await endSession(t, fields)).toBe(200);
    expect(await endSession(t, fields)).toBe(200);
    const rows = await rowsOf(dial.sessionId);
    expect(rows).toEqual([
      {
        session_id: dial.sessionId,
        phone_hash: phoneHash(t.app.deps, phone),
        status: 'Failed',
        duration_ms: 41250,
        hops: 4,
        error_message: 'Network timeout',
        network_code: '63902',
      },
    ]);
    const stored = JSON.stringify(await t.sql('SELECT * FROM ussd_session_ends WHERE session_id = $1', [dial.sessionId]));
    expect(stored).not.toContain('7531');
    expect(stored).not.toContain(phone.slice(1));
  });

  it('refuses what is not a session end (400) and a wrong secret (404), storing nothing', async () => {
    expect(await endSession(t, { sessionId: 'ATUid_bad_1', phoneNumber: '+254700000123', status: 'Weird' })).toBe(400);
    expect(await endSession(t, { sessionId: 'ATUid_bad_2', phoneNumber: 'nobody', status: 'Success' })).toBe(400);
    expect(await endSession(t, { sessionId: 'ATUid_bad_3', phoneNumber: '+254700000123', status: 'Success' }, 'x')).toBe(404);
    const stored = await t.sql("SELECT 1 FROM ussd_session_ends WHERE session_id LIKE 'ATUid_bad_%'");
    expect(stored).toEqual([]);
  });

  it.each([
    ['en', 'cut off after your withdrawal of KES 500.00 was requested', 'Balances'],
    ['sw', 'ilikatika baada ya ombi lako la kutoa pesa KES 500.00 kupokelewa', 'Salio'],
  ] as const)('a session cut off after its withdrawal: the next first screen says so (%s)', async (language, notice, home) => {
    const { m, phone } = await withdrawer(language, '8642');
    const first = session(t, phone);
    expect((await first('3*500*1*8642')).end).toBe(true);
    await endSession(t, { sessionId: first.sessionId, phoneNumber: phone, status: 'Failed', errorMessage: 'Timeout' });
    const next = session(t, phone);
    const screen = await next('');
    expect(screen).toMatchObject({ end: false });
    expect(screen.body).toContain(notice);
    expect((await next('00')).body).toContain(home);
    // The notice does not make a second withdrawal: there is still one.
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toHaveLength(1);
    // Once a later session has ended, the first screen is home again.
    await endSession(t, { sessionId: next.sessionId, phoneNumber: phone, status: 'Success' });
    expect((await session(t, phone)('')).body).toContain(home);
  });

  it('no notice after a session that ended well, or one cut off without a withdrawal', async () => {
    const { phone } = await withdrawer('en', '9753');
    const done = session(t, phone);
    await done('3*500*1*9753');
    await endSession(t, { sessionId: done.sessionId, phoneNumber: phone, status: 'Success' });
    expect((await session(t, phone)('')).body).toMatch(/^Tuzo .*\n1 Balances/s);
    const browsing = session(t, phone);
    await browsing('1');
    await endSession(t, { sessionId: browsing.sessionId, phoneNumber: phone, status: 'Incomplete' });
    expect((await session(t, phone)('')).body).toMatch(/^Tuzo .*\n1 Balances/s);
  });

  it('the ledger reconciles', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
