import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { plainScreen } from '../src/modules/ussd/ussd-screen.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund } from './money-fixtures.ts';
import { changedPhoneNow, phoneOf, session, withPassword } from './ussd-fixtures.ts';

/**
 * The services' refusals on USSD (issue 26 §1, decision 056) in the session's language: the phone change's hold
 * (decision 045), the minimum withdrawal, the balance and STK push outside Kenya, as the web says them in Swahili
 * (the server's catalogue, decision 039), in plain ASCII within 160 characters (`session` checks every screen).
 */
const { t, c } = useCountriesApp();
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});

const member = async (language: 'en' | 'sw', pin: string, fundMinor = 100_000n) => {
  const m = await createMember(t, { countryId: c.kes, status: 'active' });
  await t.sql('UPDATE members SET language = $2 WHERE id = $1', [m.id.toString(), language]);
  await withPassword(t, m, pin);
  if (fundMinor > 0n) await fund(t, m.id, fundMinor, 'balance');
  return { m, phone: await phoneOf(t, m) };
};

describe('USSD refusals in Swahili', () => {
  it('the phone change hold stops the withdraw confirm in Swahili, and in English after switching', async () => {
    const { m, phone } = await member('sw', '2580');
    await changedPhoneNow(t, m, phone);
    const held = await session(t, phone)('3*500');
    expect(held.end).toBe(true);
    expect(held.body).toMatch(/^Nambari yako ya simu ilibadilishwa, kwa hiyo utoaji wa pesa umesitishwa kwa saa \d+/);
    expect(held.body).toMatch(/Unaweza kutoa pesa tena kuanzia \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(held.body).not.toMatch(/withdraw/i);
    const english = await session(t, phone)('6*3*500');
    expect(english.body).toMatch(/^Your phone number was changed, so withdrawals are paused/);
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it.each([
    ['3*100*1*1470', 100_000n, 'Kiasi cha chini cha kutoa pesa ni KES 200.00'],
    ['3*900*1*1470', 0n, 'Kiasi kinazidi salio lililopo; kumbuka ada ya kutoa pesa'],
    ['2*100', 0n, 'Ombi la malipo la M-Pesa (STK push) linapatikana kwa wanachama walio Kenya pekee.'],
  ] as const)('%s is refused in Swahili', async (input, fundMinor, swahili) => {
    const { m, phone } = await member('sw', '1470', fundMinor);
    const screen = await session(t, phone)(input);
    expect(screen.end).toBe(true);
    expect(screen.body).toContain(swahili);
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it('a screen made from a web text is plain ASCII within 160 characters, cut at a word', () => {
    expect(plainScreen('The member’s “wallet” – café…')).toBe('The member\'s "wallet" - cafe...');
    const long = plainScreen(`${'neno '.repeat(40)}mwisho`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/neno\.\.\.$/);
  });

  it('the ledger reconciles', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
