import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { localDateTime } from '../src/modules/wallets/index.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { changedPhoneNow, phoneOf, session, withPassword } from './ussd-fixtures.ts';

/**
 * USSD's "Last 5 transactions" and "My team" screens (issue 26 §1, decision 056) in English and Swahili, over real
 * ledger movements and a real downline, and the withdraw confirm's payout phone. Every screen is checked for the
 * protocol and the 160-character limit by `session`.
 */
const { t, c } = useCountriesApp();
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});

const active = async (language: 'en' | 'sw', sponsor?: TestMember) => {
  const m = await createMember(t, { countryId: c.kes, status: 'active', sponsor: sponsor ?? null });
  await t.sql('UPDATE members SET language = $2 WHERE id = $1', [m.id.toString(), language]);
  return m;
};
const LINE = /^(\d\d)\/(\d\d) ([+-][\d,]+(?:\.\d\d)?) (.+)$/;

describe('USSD last five transactions', () => {
  it.each([
    ['en', 'No transactions yet', 'Last 5, KES', 'Withdrawal', 'Deposit'],
    ['sw', 'Bado hakuna miamala', 'Miamala 5 ya mwisho, KES', 'Kutoa pesa', 'Amana'],
  ] as const)('newest first, signed, dated, in %s', async (language, none, title, withdrawal, deposit) => {
    const m = await active(language);
    const dial = session(t, await phoneOf(t, m));
    expect((await dial('4')).body).toContain(none);
    await withPassword(t, m, '2468');
    for (const amount of [100_000n, 1_100n, 1_200n, 1_300n, 1_400n]) await fund(t, m.id, amount, 'balance');
    await dial('3*500*1*2468');
    const screen = await session(t, await phoneOf(t, m))('4');
    expect(screen.end).toBe(false);
    const [head, ...rest] = screen.body.split('\n');
    expect(head).toBe(title);
    const lines = rest.filter((line) => LINE.test(line));
    expect(lines, screen.body).toHaveLength(5);
    const [, day, month, amount, label] = LINE.exec(lines[0]!)!;
    const today = localDateTime(t.app.deps.clock.now(), t.app.deps.config.TUZO_TIMEZONE).date;
    expect(`${today.slice(8, 10)}/${today.slice(5, 7)}`).toBe(`${day}/${month}`);
    expect(amount!.startsWith('-')).toBe(true);
    expect(label).toBe(withdrawal);
    for (const line of lines.slice(1)) expect(LINE.exec(line)!.slice(3)).toEqual([expect.stringMatching(/^\+/), deposit]);
    // The first (largest) deposit is the sixth movement: never on the screen.
    expect(lines.some((line) => line.includes('+1,0'))).toBe(false);
  });
});

describe('USSD my team', () => {
  it.each([
    ['en', ['My team', 'Level 1: 2', 'Level 2: 1', 'Level 3: 1', 'New today: 3'], '2 My team'],
    ['sw', ['Timu yangu', 'Ngazi 1: 2', 'Ngazi 2: 1', 'Ngazi 3: 1', 'Wapya leo: 3'], '2 Timu yangu'],
  ] as const)('counts per level and today’s new members (%s)', async (language, expected, option) => {
    const m = await active(language);
    const dial = session(t, await phoneOf(t, m));
    expect((await dial('5')).body).toContain(option);
    const first = await createMember(t, { countryId: c.kes, sponsor: m });
    const old = await createMember(t, { countryId: c.kes, sponsor: m });
    const second = await createMember(t, { countryId: c.kes, sponsor: first });
    await createMember(t, { countryId: c.kes, sponsor: second });
    const threeDaysAgo = new Date(t.app.deps.clock.now().getTime() - 3 * 86_400_000);
    await t.sql('UPDATE members SET joined_at = $2 WHERE id = $1', [old.id.toString(), threeDaysAgo]);
    const screen = await dial('5*2');
    expect(screen.body.split('\n').slice(0, 5)).toEqual(expected);
    expect((await dial('5*2*0')).body).toContain(option);
  });
});

describe('USSD withdraw confirm', () => {
  it('names the phone the payout goes to, and stops while a phone change hold runs', async () => {
    const m = await active('en');
    await withPassword(t, m, '1357');
    await fund(t, m.id, 100_000n, 'balance');
    const phone = await phoneOf(t, m);
    expect((await session(t, phone)('3*500')).body).toContain(`To ${phone}`);
    await changedPhoneNow(t, m, phone);
    const held = await session(t, phone)('3*500');
    expect(held.end).toBe(true);
    expect(held.body).toContain('withdrawals are paused');
  });

  it('the ledger reconciles', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
