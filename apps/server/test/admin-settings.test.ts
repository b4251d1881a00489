import { DEFAULT_CASINO_TABLE, SETTINGS } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { auditCount, lastAudit } from './audit-fixtures.ts';
import { callAction, type EnvelopeResponse } from './harness.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
/** Money-control settings and countries are four-eyes changes (decision 044): a second operator approves them. */
const approver = useMember({ t, c }, { status: 'active', role: 'operator' });
const support = useMember({ t, c }, { status: 'active', role: 'support' });
const member = useMember({ t, c }, { status: 'active' });

/** The second operator approves the four-eyes request that `asked` (a 202) opened. */
const approveAsked = (asked: EnvelopeResponse) =>
  callAction(t.app, 'adminapproverequest', { method: 'POST', token: approver.token, payload: { id: asked.data.approval_id } });

/**
 * Asks for a change; a money-control one answers 202 and the second operator approves it here, so the answer is the
 * setting's row as the list shows it after the approval (an error of the approval is answered as it is).
 */
const change = async (key: string, value: unknown, token = operator.token) => {
  const asked = await callAction(t.app, 'adminsetting', { method: 'POST', token, payload: { key, value } });
  if (asked.httpStatus !== 202) return asked;
  const approved = await approveAsked(asked);
  if (approved.status !== 200) return approved;
  const row = (await list()).data.settings.find((r: { key: string }) => r.key === key);
  return { ...approved, data: row };
};
const list = (token = operator.token) => callAction(t.app, 'adminsettings', { method: 'GET', token });
const referenceVersion = async () =>
  BigInt((await t.sql<{ v: string }>('SELECT version::text AS v FROM reference_version'))[0]!.v);
const userdata = async (who: TestMember) => (await callAction(t.app, 'userdata', { method: 'GET', token: who.token })).data;
const casinoTable = (weightOfZero: number) =>
  DEFAULT_CASINO_TABLE.map((s) => (s.figure === '0' ? { ...s, weight: weightOfZero } : s));

describe('adminsettings', () => {
  it('lists every operator setting with description, value and default; no internal secret', async () => {
    for (const token of [operator.token, support.token]) {
      const res = await list(token);
      expect(res.status).toBe(200);
      const keys = res.data.settings.map((row: { key: string }) => row.key);
      expect(keys).toEqual(
        expect.arrayContaining(['grouplink', 'daily_reward', 'spins.casino_table', 'referral_disabled_countries', 'banner_text']),
      );
      expect(keys.some((key: string) => key.startsWith('hooks.'))).toBe(false);
      const reward = res.data.settings.find((row: { key: string }) => row.key === 'daily_reward');
      expect(reward).toMatchObject({ description: SETTINGS.daily_reward.description, default: '100.00' });
      expect(res.data.casino_return_bounds).toEqual({ min: '90.00', max: '95.00' });
    }
  });

  it('refuses members and visitors', async () => {
    expect((await list(member.token)).status).toBe(403);
    expect((await list('')).status).toBe(401);
  });
});

describe('adminsetting', () => {
  it('changes the daily reward: audited with before and after, reference version bumped, members see it', async () => {
    const version = await referenceVersion();
    const before = (await list()).data.settings.find((row: { key: string }) => row.key === 'daily_reward').value;
    const asked = await callAction(t.app, 'adminsetting', {
      method: 'POST',
      token: operator.token,
      payload: { key: 'daily_reward', value: '150.00' },
    });
    // A money-control setting: asked by one operator, nothing changes until a second approves.
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'setting', state: 'pending' } });
    expect((await list()).data.settings.find((row: { key: string }) => row.key === 'daily_reward').value).toEqual(before);
    await callAction(t.app, 'adminrejectrequest', {
      method: 'POST',
      token: operator.token,
      payload: { id: asked.data.approval_id, reason: 'Asked again below' },
    });
    const res = await change('daily_reward', '150.00');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ key: 'daily_reward', value: '150.00', is_four_eyes: true });
    expect(await lastAudit(t, 'setting.change')).toMatchObject({
      actor_id: approver.id.toString(),
      target_id: 'daily_reward',
      before: { value: before },
      after: { value: '150.00' },
    });
    expect((await lastAudit(t, 'setting.change')).ip).not.toBeNull();
    expect(await referenceVersion()).toBeGreaterThan(version);
    expect((await userdata(member)).balances.reward).toBe('150.00');
    // Read back through the registry: a decimal string stays a string (not a number that reads as the default).
    expect((await list()).data.settings.find((row: { key: string }) => row.key === 'daily_reward')).toMatchObject({
      value: '150.00',
      default: '100.00',
    });
  });

  it('changes the minimum casino stake, which the spin rules read at once', async () => {
    expect((await change('spins.min_stake', '35.00')).status).toBe(200);
    const state = await callAction(t.app, 'spinstate', { method: 'GET', token: member.token });
    expect(state.data.minStake).toBe('35.00');
    expect((await change('spins.min_stake', '20.00')).status).toBe(200);
    expect(await lastAudit(t, 'setting.change')).toMatchObject({
      target_id: 'spins.min_stake',
      before: { value: '35.00' },
      after: { value: '20.00' },
    });
  });

  it('shows the banner text in userdata, and an empty text hides it', async () => {
    expect((await change('banner_text', '  Maintenance tonight at 22:00  ')).status).toBe(200);
    expect((await userdata(member)).userdetails.banner).toBe('Maintenance tonight at 22:00');
    expect(await lastAudit(t, 'setting.change')).toMatchObject({
      target_id: 'banner_text',
      after: { value: 'Maintenance tonight at 22:00' },
    });
    expect((await change('banner_text', '')).status).toBe(200);
    expect((await userdata(member)).userdetails.banner).toBe('');
  });

  it.each([
    ['nosuchkey', 'x', 'There is no setting called nosuchkey'],
    ['hooks.mpesa_callback_secret', 'abcdefghijklmnopqrstuvwxyz', 'There is no setting called hooks.mpesa_callback_secret'],
    ['daily_reward', 'abc', 'daily_reward: Enter an amount such as 100.00'],
    ['daily_reward', 150, 'daily_reward:'],
    ['daily_target', 0, 'daily_target:'],
    ['grouplink', 'not a link', 'grouplink: Enter a full link starting with https://'],
    ['customer_care', 'x', 'customer_care: Enter a full link'],
    ['public_site_url', 'ftp//', 'public_site_url:'],
    [
      'grouplink',
      'http://chat.whatsapp.com/abc',
      'grouplink: Enter a full link starting with https:// (http and other links are refused)',
    ],
    [
      'customer_care',
      'javascript:alert(1)',
      'customer_care: Enter a full link starting with https:// (http and other links are refused)',
    ],
    [
      'public_site_url',
      'http://tuzo.example',
      'public_site_url: Enter a full link starting with https:// (http and other links are refused)',
    ],
    ['welcome_bonus', '-5', 'welcome_bonus:'],
    ['banner_text', 'x'.repeat(301), 'banner_text: The banner text is at most 300 characters'],
    ['referral_disabled_countries', ['kenya'], 'referral_disabled_countries: Use country abbreviations such as KE (at 0)'],
    ['casino_disabled_countries', 'KE', 'casino_disabled_countries:'],
    ['spins.casino_table', casinoTable(0), 'spins.casino_table: Every segment needs a weight of at least 1 (at 5.weight)'],
    ['spins.free_table', [{ figure: '5', weight: 1 }], 'spins.free_table:'],
    ['deposits.procedures', { ke: {} }, 'deposits.procedures:'],
  ])('refuses %s = %j with a clear message and no audit row', async (key, value, message) => {
    const audits = await auditCount(t, 'setting.change');
    const res = await change(key, value);
    expect(res).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(res.msg).toContain(message);
    expect(await auditCount(t, 'setting.change')).toBe(audits);
  });

  it('refuses a casino table whose expected return leaves 90-95 %, naming the computed return', async () => {
    const audits = await auditCount(t, 'setting.change');
    const high = await change(
      'spins.casino_table',
      DEFAULT_CASINO_TABLE.map((s) => (s.figure === '2' ? { ...s, weight: 200_000 } : s)),
    );
    expect(high).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(high.msg).toBe(
      "The casino wheel's expected return is 102.70 %; it must stay between 90.00 % and 95.00 % of the stake",
    );
    const low = await change('spins.casino_table', casinoTable(400_000));
    expect(low.status).toBe(400);
    expect(low.msg).toMatch(/expected return is 7\d\.\d\d %/);
    expect(await auditCount(t, 'setting.change')).toBe(audits);
  });

  it("accepts a casino table inside the bounds; the members' odds publish the new return", async () => {
    const res = await change('spins.casino_table', casinoTable(120_000));
    expect(res.status).toBe(200);
    expect(await lastAudit(t, 'setting.change')).toMatchObject({
      target_id: 'spins.casino_table',
      before: { value: DEFAULT_CASINO_TABLE },
      after: { value: casinoTable(120_000) },
    });
    const odds = await callAction(t.app, 'spinodds', { method: 'GET', token: member.token, query: { kind: 'casino' } });
    expect(odds.data.expected_return).toBe('93.88');
  });

  it('refuses support staff (403) and writes nothing', async () => {
    const audits = await auditCount(t, 'setting.change');
    expect(await change('daily_reward', '999.00', support.token)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await change('daily_reward', '999.00', member.token)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await userdata(member)).balances.reward).toBe('150.00');
    expect(await auditCount(t, 'setting.change')).toBe(audits);
  });
});

describe('the audit log after a setting is saved', () => {
  it('adminaudit lists a setting change (target a key, not a member id) beside member changes, without a 500', async () => {
    const target = await createMember(t, { countryId: c.kes, status: 'active' });
    expect((await change('banner_text', 'Maintenance tonight')).status).toBe(200);
    for (const action of ['adminsuspend', 'adminunsuspend']) {
      const payload = { username: target.username, reason: 'Audit join check' };
      expect((await callAction(t.app, action, { method: 'POST', token: operator.token, payload })).status).toBe(200);
    }
    // Enough rows of both kinds that the planner may join them any way it likes.
    await t.sql(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id) SELECT $1, 'setting.change', 'setting', 'banner_text' FROM generate_series(1, 300)`,
      [operator.id.toString()],
    );
    await t.sql('ANALYZE audit_log');
    for (const query of [{}, { member: target.username }, { audit_action: 'setting.change' }, { limit: '100' }] as Record<
      string,
      string
    >[]) {
      const res = await callAction(t.app, 'adminaudit', { token: operator.token, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
    }
    const byMember = await callAction(t.app, 'adminaudit', { token: operator.token, query: { member: target.username } });
    expect(byMember.data.rows.map((row: { member: string | null }) => row.member)).toContain(target.username);
    const settings = await callAction(t.app, 'adminaudit', { token: operator.token, query: { audit_action: 'setting.change' } });
    expect(settings.data.rows[0]).toMatchObject({ action: 'setting.change', member: null });
  });
});

describe('referral commissions switch', () => {
  it('pays no upline when the activating member is in a country where commissions are off', async () => {
    expect((await change('referral_disabled_countries', ['ZK'])).status).toBe(200);
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active' });
    const joiner = await createMember(t, { countryId: c.kes, sponsor });
    await fund(t, joiner.id, 50_000n);
    const res = await callAction(t.app, 'activateaccount', { method: 'POST', token: joiner.token, payload: {} });
    expect(res.status).toBe(200);
    expect(res.data.commissions_paid).toBe(0);
    expect((await wallets(t, sponsor.id)).balance).toBe(0n);
    // Another country still pays.
    const abroad = await createMember(t, { countryId: c.ugx, sponsor });
    await fund(t, abroad.id, 17_000_000n);
    expect(
      (await callAction(t.app, 'activateaccount', { method: 'POST', token: abroad.token, payload: {} })).data.commissions_paid,
    ).toBe(1);
    // Switched back on: paid again.
    expect((await change('referral_disabled_countries', [])).status).toBe(200);
    const later = await createMember(t, { countryId: c.kes, sponsor });
    await fund(t, later.id, 50_000n);
    expect(
      (await callAction(t.app, 'activateaccount', { method: 'POST', token: later.token, payload: {} })).data.commissions_paid,
    ).toBe(1);
  });
});

describe('admincountries and admincountry', () => {
  const kesPayload = () => ({
    id: c.kes,
    rate: '1',
    enabled: true,
    fees: { creg: '600', fl1: '300', fl2: '150', fl3: '50', cbonus: '100', min_with: '250.50' },
    tariff: [
      { min: '1000', max: '4999', tariff: '50' },
      { min: '250.50', max: '999.99', tariff: '30' },
    ],
  });
  /** A country change is a request (decision 044); the second operator approves it, and the answer is the new row. */
  const save = async (payload: unknown, token = operator.token) => {
    const asked = await callAction(t.app, 'admincountry', { method: 'POST', token, payload });
    if (asked.httpStatus !== 202) return asked;
    const approved = await approveAsked(asked);
    if (approved.status !== 200) return approved;
    const rows = (await callAction(t.app, 'admincountries', { method: 'GET', token })).data.countries;
    return { ...approved, data: rows.find((row: { id: number }) => row.id === (payload as { id: number }).id) };
  };
  const countryAudit = async () =>
    (await t.sql<{ n: string }>("SELECT count(*)::text AS n FROM audit_log WHERE action = 'country.change'"))[0]!.n;

  it('lists every country with rate, fees and brackets (support reads too)', async () => {
    const res = await callAction(t.app, 'admincountries', { method: 'GET', token: support.token });
    expect(res.status).toBe(200);
    const ugx = res.data.countries.find((row: { id: number }) => row.id === c.ugx);
    expect(ugx).toMatchObject({
      abbreviation: 'ZU',
      currency: 'UGX',
      rate: '28.5',
      enabled: true,
      fees: { creg: '17000.00', fl1: '8000.00', min_with: '7000.00' },
    });
    expect(ugx.tariff[0]).toEqual({ min: '7000.00', max: '34999.00', tariff: '1000.00' });
  });

  it('replaces the fee row and the brackets as a whole, audited; members see the new minimum and tariff', async () => {
    const version = await referenceVersion();
    const res = await save(kesPayload());
    expect(res.status).toBe(200);
    expect(res.data.tariff).toEqual([
      { min: '250.50', max: '999.99', tariff: '30.00' },
      { min: '1000.00', max: '4999.00', tariff: '50.00' },
    ]);
    const audit = (
      await t.sql<{
        actor_id: string;
        target_id: string;
        before: { fees: { creg: string }; tariff: unknown[] };
        after: { fees: { creg: string }; tariff: unknown[] };
      }>(
        "SELECT actor_id::text, target_id, before, after FROM audit_log WHERE action = 'country.change' ORDER BY id DESC LIMIT 1",
      )
    )[0]!;
    expect(audit).toMatchObject({
      actor_id: approver.id.toString(),
      target_id: String(c.kes),
      before: { fees: { creg: '500.00' } },
      after: { fees: { creg: '600.00' } },
    });
    expect(audit.before.tariff).toHaveLength(4);
    expect(audit.after.tariff).toHaveLength(2);
    expect(await referenceVersion()).toBeGreaterThan(version);
    const fee = (await userdata(member)).fee;
    expect(fee.min_with).toBe('250.50');
    expect(fee.tariff).toEqual([
      { min_brackets: '250.50', max_brackets: '999.99', tariff: '30.00' },
      { min_brackets: '1000.00', max_brackets: '4999.00', tariff: '50.00' },
    ]);
  });

  it.each([
    [
      'overlapping brackets',
      {
        tariff: [
          { min: '100', max: '500', tariff: '10' },
          { min: '500', max: '900', tariff: '20' },
        ],
      },
      'Brackets 1 and 2 overlap',
    ],
    [
      'a bracket with min above max',
      { tariff: [{ min: '900', max: '100', tariff: '10' }] },
      'Bracket 1: the minimum is above the maximum',
    ],
    [
      'a number instead of a decimal string',
      { fees: { creg: 600, fl1: '1', fl2: '1', fl3: '1', cbonus: '1', min_with: '1' } },
      'Enter an amount such as 100.00',
    ],
    [
      'a negative amount',
      { fees: { creg: '-1', fl1: '1', fl2: '1', fl3: '1', cbonus: '1', min_with: '1' } },
      'Enter an amount such as 100.00',
    ],
    ['a zero rate', { rate: '0' }, 'Enter a rate above 0'],
    ['a rate with 7 decimals', { rate: '0.0000001' }, 'Enter a rate above 0'],
  ])('refuses %s with a clear message and no audit row', async (_name, change, message) => {
    const audits = await countryAudit();
    const res = await save({ ...kesPayload(), ...change });
    expect(res).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(res.msg).toContain(message);
    expect(await countryAudit()).toBe(audits);
  });

  it('refuses an unknown country (404), switching off the default country (400) and support staff (403)', async () => {
    const audits = await countryAudit();
    expect((await save({ ...kesPayload(), id: 999_999 })).status).toBe(404);
    const defaultId = (await t.sql<{ id: number }>('SELECT id FROM countries WHERE is_default LIMIT 1'))[0]?.id;
    if (defaultId !== undefined) {
      const res = await save({ ...kesPayload(), id: defaultId, enabled: false });
      expect(res).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(res.msg).toContain('stays enabled');
    }
    expect(await save(kesPayload(), support.token)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await countryAudit()).toBe(audits);
  });

  it('switches a country off and on again', async () => {
    expect((await save({ ...kesPayload(), id: c.ugx, rate: '30', enabled: false, tariff: [] })).data).toMatchObject({
      enabled: false,
      rate: '30',
      tariff: [],
    });
    const countriesList = await callAction(t.app, 'admincountries', { method: 'GET', token: operator.token });
    expect(countriesList.data.countries.find((row: { id: number }) => row.id === c.ugx)).toMatchObject({
      enabled: false,
      rate: '30',
    });
    expect((await save({ ...kesPayload(), id: c.ugx, rate: '28.5', enabled: true })).data.enabled).toBe(true);
  });
});

describe('admintaskdays and admintaskday', () => {
  const save = (payload: unknown, token = operator.token) =>
    callAction(t.app, 'admintaskday', { method: 'POST', token, payload });

  it('lists every task kind and changes one, audited', async () => {
    const listed = await callAction(t.app, 'admintaskdays', { method: 'GET', token: support.token });
    expect(listed.data.schedules.map((row: { kind: string }) => row.kind).sort()).toEqual(['ads', 'tiktok', 'trivia', 'youtube']);
    const res = await save({ kind: 'youtube', weekdays: [5, 1] });
    expect(res).toMatchObject({ status: 200, data: { kind: 'youtube', weekdays: [1, 5] } });
    const audit = (
      await t.sql<{ target_id: string; before: unknown; after: unknown }>(
        "SELECT target_id, before, after FROM audit_log WHERE action = 'task_days.change' ORDER BY id DESC LIMIT 1",
      )
    )[0]!;
    expect(audit).toEqual({ target_id: 'youtube', before: { weekdays: [0, 3] }, after: { weekdays: [1, 5] } });
    const again = await callAction(t.app, 'admintaskdays', { method: 'GET', token: operator.token });
    expect(again.data.schedules.find((row: { kind: string }) => row.kind === 'youtube').weekdays).toEqual([1, 5]);
  });

  it.each([
    [{ kind: 'youtube', weekdays: [] }, 'Pick at least one day'],
    [{ kind: 'youtube', weekdays: [7] }, 'Weekdays are 0 (Sunday) to 6 (Saturday)'],
    [{ kind: 'youtube', weekdays: [1, 1] }, 'Each day once'],
    [{ kind: 'netflix', weekdays: [1] }, 'kind must be youtube, tiktok, ads or trivia'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const res = await save(payload);
    expect(res).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(res.msg).toContain(message);
  });

  it('refuses support staff', async () => {
    expect(await save({ kind: 'youtube', weekdays: [2] }, support.token)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
