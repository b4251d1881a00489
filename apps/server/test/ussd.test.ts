import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { callAction } from './harness.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund, wallets } from './money-fixtures.ts';
import { PASSWORD, phoneOf, session, withPassword } from './ussd-fixtures.ts';

/**
 * USSD (issue 26 §1, decision 056) through Africa's Talking's callback: every menu in English and Swahili, the
 * withdrawal with the PIN through the web's service call, the lock after three wrong PINs and the web unlock, an
 * unknown number, back and home. Every screen is checked for the protocol and the 160-character limit.
 */
const { t, c } = useCountriesApp();
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});

const active = async (language: 'en' | 'sw' = 'en') => {
  const m = await createMember(t, { countryId: c.kes, status: 'active' });
  await t.sql('UPDATE members SET language = $2 WHERE id = $1', [m.id.toString(), language]);
  return m;
};

describe('USSD menus', () => {
  it('an unknown number gets one END screen saying where to register', async () => {
    const hop = await session(t, '+254799000111')('');
    expect(hop).toMatchObject({ end: true });
    expect(hop.body).toMatch(/not registered.*\/register$/s);
  });

  it('a wrong secret is 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/hooks/ussd/wrong', payload: 'sessionId=x' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['en', ['Balances', 'Deposit', 'Withdraw', 'Last 5 transactions', 'My account', 'Kiswahili'], 'Jumbo 12.00'],
    ['sw', ['Salio', 'Weka pesa', 'Toa pesa', 'Miamala 5 ya mwisho', 'Akaunti yangu', 'English'], 'Jumbo 12.00'],
  ] as const)('home and balances in %s; back, home, and switching language', async (language, words, jumbo) => {
    const m = await active(language);
    await fund(t, m.id, 1200n, 'balance');
    const dial = session(t, await phoneOf(t, m));
    const home = await dial('');
    for (const word of words) expect(home.body).toContain(word);
    const balances = await dial('1');
    expect(balances.body).toContain(jumbo);
    expect(balances.body.split('\n').length).toBeGreaterThanOrEqual(7);
    expect((await dial('1*0')).body).toBe(home.body);
    expect((await dial('1*00')).body).toBe(home.body);
    const other = await dial('6');
    expect(other.body).toContain(language === 'en' ? 'Salio' : 'Balances');
    expect((await dial('6*1')).body).toContain(language === 'en' ? 'Salio' : 'Balances');
  });

  it.each(['en', 'sw'] as const)('my account shows status and activation (%s)', async (language) => {
    const m = await active(language);
    const hop = await session(t, await phoneOf(t, m))('5');
    expect(hop.body).toContain(language === 'en' ? 'Status active' : 'Hali hai');
    const inactive = await createMember(t, { countryId: c.kes });
    const screen = await session(t, await phoneOf(t, inactive))('5');
    expect(screen.body).toContain('Status not active');
  });

  it.each(['en', 'sw'] as const)('deposit: amount, then an STK push to this phone (%s)', async (language) => {
    const m = await active(language);
    // STK push is Kenya's (KE, KES): the seeded Kenya and a 12-digit Safaricom number.
    const phone = `+2547${String(10_000_000 + Number(m.id % 89_999_999n)).slice(-8)}`;
    await t.sql(
      `UPDATE members SET phone = $2, country_id = (SELECT id FROM countries WHERE abbreviation = 'KE') WHERE id = $1`,
      [m.id.toString(), phone],
    );
    const dial = session(t, phone);
    expect((await dial('2')).body).toContain(language === 'en' ? 'Enter amount in KES' : 'Weka kiasi kwa KES');
    expect((await dial('2*abc')).end).toBe(false);
    const sent = await dial('2*100');
    expect(sent.end, sent.body).toBe(true);
    expect(sent.body).toContain(language === 'en' ? 'M-Pesa PIN' : 'PIN ya M-Pesa');
    const rows = await t.sql<{ method: string; amount_local_minor: string; phone: string }>(
      'SELECT method, amount_local_minor::text, phone FROM deposits WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(rows).toEqual([{ method: 'stkpush', amount_local_minor: '10000', phone: phone.slice(1) }]);
  });
});

describe('USSD withdrawals and the PIN', () => {
  it.each(['en', 'sw'] as const)('withdraw: amount, confirm with fee, PIN, a pending withdrawal (%s)', async (language) => {
    const m = await active(language);
    await withPassword(t, m, '4321');
    await fund(t, m.id, 100_000n, 'balance');
    const dial = session(t, await phoneOf(t, m));
    const confirm = await dial('3*500');
    expect(confirm.body).toContain('KES 500.00');
    expect(confirm.body).toContain(await phoneOf(t, m));
    expect((await dial('3*500*1')).body).toContain('PIN');
    const done = await dial('3*500*1*4321');
    expect(done.end).toBe(true);
    expect(done.body).toContain(language === 'en' ? 'Withdrawal requested' : 'Ombi la kutoa pesa');
    const rows = await t.sql<{ amount_local_minor: string; status: string }>(
      'SELECT amount_local_minor::text, status FROM withdrawals WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount_local_minor).toBe('50000');
    // The same session's hop again requests nothing more (keyed on the session).
    await dial('3*500*1*4321');
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toHaveLength(1);
    expect((await wallets(t, m.id)).balance).toBeLessThan(50_000n);
  });

  it('three wrong PINs lock USSD withdrawals until the web unlock with the password', async () => {
    const m = await active();
    await withPassword(t, m, '1111');
    await fund(t, m.id, 100_000n, 'balance');
    const phone = await phoneOf(t, m);
    expect((await session(t, phone)('3*500*1*2222')).body).toContain('2 tries left');
    expect((await session(t, phone)('3*500*1*3333')).body).toContain('1 tries left');
    expect((await session(t, phone)('3*500*1*4444')).body).toContain('locked');
    expect((await session(t, phone)('3*500*1*1111')).body).toContain('locked');
    const profile = await callAction(t.app, 'userdata', { token: m.token });
    expect(profile.data.userdetails).toMatchObject({ ussd_pin_set: true, ussd_locked: true });
    const wrong = await callAction(t.app, 'unlockussd', { method: 'POST', token: m.token, payload: { password: 'no' } });
    expect(wrong.resultcode).toBe(false);
    const unlock = await callAction(t.app, 'unlockussd', { method: 'POST', token: m.token, payload: { password: PASSWORD } });
    expect(unlock.resultcode).toBe(true);
    expect((await session(t, phone)('3*500*1*1111')).end).toBe(true);
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toHaveLength(1);
    const hash = await t.sql<{ h: string }>('SELECT ussd_pin_hash AS h FROM members WHERE id = $1', [m.id.toString()]);
    expect(hash[0]!.h).toMatch(/^\$argon2id\$/);
  });

  it('no PIN, or not active: no withdrawal; change PIN needs the old one', async () => {
    const inactive = await createMember(t, { countryId: c.kes });
    expect((await session(t, await phoneOf(t, inactive))('3')).body).toContain('Activate');
    const m = await active('sw');
    expect((await session(t, await phoneOf(t, m))('3')).body).toContain('Weka PIN ya USSD');
    await withPassword(t, m, '1234');
    const dial = session(t, await phoneOf(t, m));
    expect((await dial('5*1')).body).toContain('PIN yako ya sasa');
    expect((await dial('5*1*1234')).body).toContain('PIN mpya');
    expect((await dial('5*1*1234*5678')).body).toContain('imebadilishwa');
    expect((await session(t, await phoneOf(t, m))('5*1*1234*9999')).body).toContain('si sahihi');
  });

  it("the simulator's dialer plays a session through the app's callback", async () => {
    const m = await active('sw');
    const page = await fetch(`${t.sim.url}/sim/ussd`);
    expect(await page.text()).toContain('<script>');
    const hop = async (text: string) => {
      const body = JSON.stringify({ phone: await phoneOf(t, m), sessionId: 'sim-1', text });
      const answer = await fetch(`${t.sim.url}/sim/ussd/hop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return ((await answer.json()) as { body: string }).body;
    };
    expect(await hop('')).toMatch(/^CON Tuzo .*\n1 Salio/s);
    expect(await hop('1')).toMatch(/^CON Salio\nJumbo 0.00/);
    // An END screen (no PIN set): the simulator then posts the end-of-session notification, which the app stores.
    expect(await hop('1*00*3')).toMatch(/^END Weka PIN ya USSD/);
    const ends = await t.sql("SELECT status, hops FROM ussd_session_ends WHERE session_id = 'sim-1'");
    expect(ends).toEqual([{ status: 'Success', hops: 4 }]);
  });

  it('the ledger reconciles', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
