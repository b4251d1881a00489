import { describe, expect, it } from 'vitest';
import { REFERRAL_STATS_DAYS, type ReferralStatsData } from '@tuzo/contracts';
import { SettableClock } from '../src/lib/clock.ts';
import { callAction } from './harness.ts';
import { consoleCaller, useCountriesApp, useMember } from './countries-app.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { perMinuteOf } from './rate-limit-helpers.ts';

/** Wednesday 2026-03-11 12:00 in Nairobi (UTC+3): operator days there start at 21:00 UTC. */
const START = new Date('2026-03-11T09:00:00Z');
const clock = new SettableClock(START);
const { t, c } = useCountriesApp({ TUZO_TIMEZONE: 'Africa/Nairobi', RATE_LIMIT_ENABLED: 'true' }, { clock });
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const admin = consoleCaller(t, operator);

/** The sign-up page opened through `/reg/{ref}` by a client at `ip` (the TCP peer: TRUST_PROXY is off). */
async function visitFrom(ip: string, ref: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api?action=referralvisit',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: { ref },
  });
  return { httpStatus: response.statusCode, ...(response.json() as { status: number; resultcode: boolean; msg: string }) };
}

async function stats(m: TestMember): Promise<ReferralStatsData> {
  const res = await callAction<ReferralStatsData>(t.app, 'referralstats', { token: m.token });
  expect(res).toMatchObject({ status: 200, resultcode: true });
  return res.data;
}

const dayOf = (data: ReferralStatsData, day: string) => data.days.find((entry) => entry.day === day);

async function activate(m: TestMember): Promise<void> {
  await fund(t, m.id, 50_000n);
  const res = await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} });
  expect(res).toMatchObject({ status: 200, resultcode: true });
}

describe('referralvisit', () => {
  it('counts one visit per client and sponsor an hour, on the operator day, and nothing for an unknown ref', async () => {
    clock.set(START);
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    expect(await visitFrom('198.51.100.1', me.username)).toMatchObject({ httpStatus: 200, resultcode: true });
    expect(await visitFrom('198.51.100.1', me.username.toUpperCase())).toMatchObject({ httpStatus: 200 });
    expect(await visitFrom('198.51.100.2', me.username)).toMatchObject({ httpStatus: 200 });
    // An unknown sponsor gets the same answer and no row.
    expect(await visitFrom('198.51.100.1', 'nobody_here_at_all')).toMatchObject({ httpStatus: 200, resultcode: true });
    expect((await stats(me)).days.at(-1)).toMatchObject({ day: '2026-03-11', visits: 2 });

    // An hour later the same client counts again; 22:30 UTC is already the 12th in Nairobi.
    clock.set(new Date('2026-03-11T22:30:00Z'));
    expect(await visitFrom('198.51.100.1', me.username)).toMatchObject({ httpStatus: 200 });
    const later = await stats(me);
    expect(later.days).toHaveLength(REFERRAL_STATS_DAYS);
    expect(later.days[0]!.day).toBe('2026-02-11');
    expect(later.days.at(-1)).toMatchObject({ day: '2026-03-12', visits: 1 });
    expect(dayOf(later, '2026-03-11')).toMatchObject({ visits: 2 });
    const rows = await t.sql('SELECT day::text AS day, visits FROM referral_visits WHERE sponsor_id = $1 ORDER BY day', [
      me.id.toString(),
    ]);
    expect(rows).toEqual([
      { day: '2026-03-11', visits: 2 },
      { day: '2026-03-12', visits: 1 },
    ]);
  });

  it('is rate-limited per client, so one client cannot inflate a counter', async () => {
    clock.set(new Date('2026-03-20T09:00:00Z'));
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    for (let hit = 0; hit < perMinuteOf('referralvisit'); hit += 1) {
      expect((await visitFrom('203.0.113.9', me.username)).httpStatus).toBe(200);
    }
    expect(await visitFrom('203.0.113.9', me.username)).toMatchObject({ httpStatus: 429, code: 'RATE_LIMITED' });
    expect((await stats(me)).days.at(-1)).toMatchObject({ day: '2026-03-20', visits: 1 });
  });

  it('stores no personal data: the table has the sponsor, the day and the count, nothing else', async () => {
    const columns = await t.sql<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'referral_visits' ORDER BY ordinal_position`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(['sponsor_id', 'day', 'visits']);
  });
});

describe('referralstats', () => {
  it('counts sign-ups and level-1 activations per day, commissions of every level net of reversals', async () => {
    clock.set(new Date('2026-04-01T09:00:00Z'));
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me });
    const b = await createMember(t, { countryId: c.kes, sponsor: a });
    await activate(b); // level 2 of mine: a commission (150.00), not one of my link's activations

    clock.set(new Date('2026-04-02T09:00:00Z'));
    await createMember(t, { countryId: c.kes, sponsor: me });
    await activate(a); // level 1: an activation and 250.00

    clock.set(new Date('2026-04-03T09:00:00Z'));
    expect(await admin('admindeactivate', { username: b.username, reason: 'duplicate account' })).toMatchObject({ status: 200 });

    const data = await stats(me);
    expect(data.currency).toBe('KES');
    expect(dayOf(data, '2026-04-01')).toEqual({
      day: '2026-04-01',
      visits: 0,
      signups: 1,
      activations: 0,
      commissions: '150.00',
    });
    expect(dayOf(data, '2026-04-02')).toEqual({
      day: '2026-04-02',
      visits: 0,
      signups: 1,
      activations: 1,
      commissions: '250.00',
    });
    expect(dayOf(data, '2026-04-03')).toEqual({
      day: '2026-04-03',
      visits: 0,
      signups: 0,
      activations: 0,
      commissions: '-150.00',
    });
    expect(
      data.days.filter((day) => day.day < '2026-04-01').every((day) => day.signups === 0 && day.commissions === '0.00'),
    ).toBe(true);

    // A month on, those days have left the window.
    clock.set(new Date('2026-05-10T09:00:00Z'));
    const later = await stats(me);
    expect(later.days.every((day) => day.signups === 0 && day.activations === 0 && day.commissions === '0.00')).toBe(true);
  });

  it('is for members: a visitor without a session is refused', async () => {
    expect(await callAction(t.app, 'referralstats')).toMatchObject({ httpStatus: 401 });
  });
});
