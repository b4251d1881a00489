import { describe, expect, it } from 'vitest';
import { lastAudit } from './audit-fixtures.ts';
import { callAction } from './harness.ts';
import { createMember, fund, wallets, systemBalance, type TestMember } from './money-fixtures.ts';
import { consoleCaller, useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const member = useMember({ t, c }, { status: 'active' });
const admin = consoleCaller(t, operator);
const get = (action: string, query: Record<string, string>, token = operator.token) => admin(action, undefined, token, query);
const openSessions = async (id: bigint) =>
  Number(
    (
      await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM sessions WHERE member_id = $1 AND revoked_at IS NULL', [
        id.toString(),
      ])
    )[0]!.n,
  );

const READS = ['adminmembers', 'adminmember', 'adminmemberhistory'];
const CHANGES = [
  'adminupdatemember',
  'adminsuspend',
  'adminunsuspend',
  'adminsignout',
  'adminresetlink',
  'admindeposit',
  'adminchangeupline',
];

describe('access', () => {
  it.each([...READS, ...CHANGES])('%s refuses members (403) and visitors (401)', async (action) => {
    const payload = READS.includes(action) ? undefined : {};
    expect((await admin(action, payload, member.token)).status).toBe(403);
    expect((await admin(action, payload, '')).status).toBe(401);
  });
});

describe('support staff', () => {
  it('read members but change nothing', async () => {
    const support = await createMember(t, { countryId: c.kes, status: 'active', role: 'support' });
    for (const action of READS) {
      const query: Record<string, string> =
        action === 'adminmemberhistory' ? { username: member.username, list: 'ledger' } : { username: member.username };
      expect((await get(action, query, support.token)).status).toBe(200);
    }
    for (const action of CHANGES) {
      expect(await admin(action, { username: member.username, amount: '5', reference: 'REF-1' }, support.token)).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(await openSessions(member.id)).toBe(1);
  });
});

describe('adminmembers', () => {
  it('finds by partial username, phone or email, with filters and paging', async () => {
    const found = await createMember(t, { countryId: c.ugx, status: 'inactive', prefix: 'findme' });
    const phone = (await t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [found.id.toString()]))[0]!.phone;
    for (const q of [found.username.slice(0, 12).toUpperCase(), phone.slice(-7), `${found.username}@test`]) {
      const result = await get('adminmembers', { q });
      expect(result.status).toBe(200);
      expect(result.data.rows.map((row: { username: string }) => row.username)).toContain(found.username);
    }
    expect((await get('adminmembers', { q: found.username, status: 'active' })).data.rows).toEqual([]);
    expect((await get('adminmembers', { q: found.username, country: String(c.kes) })).data.rows).toEqual([]);
    const byCountry = await get('adminmembers', { q: found.username, country: String(c.ugx), status: 'inactive' });
    expect(byCountry.data).toMatchObject({
      total: 1,
      is_total_capped: false,
      rows: [{ username: found.username, status: 'inactive' }],
    });
    expect((await get('adminmembers', { q: found.username, joined_to: '2000-01-01' })).data.total).toBe(0);
    // Members only (decision 019): the operator and support accounts of this file are not in the search.
    const paged = await get('adminmembers', { limit: '1', page: '1' });
    expect(paged.data.rows).toHaveLength(1);
    expect(paged.data.total).toBeGreaterThanOrEqual(2);
    expect((await get('adminmembers', { q: '%' })).data.rows).toEqual([]);
  });

  it('refuses bad filters', async () => {
    const queries: Array<Record<string, string>> = [
      { status: 'gone' },
      { limit: '101' },
      { page: '0' },
      { joined_from: '31-01-2026' },
      { country: 'x' },
    ];
    for (const query of queries) {
      expect((await get('adminmembers', query)).status).toBe(400);
    }
  });
});

describe('adminmember and adminmemberhistory', () => {
  it('shows details, wallets, uplines, downline counts, sessions and paged history', async () => {
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active' });
    const m = await createMember(t, { countryId: c.kes, status: 'active', sponsor });
    await createMember(t, { countryId: c.kes, status: 'active', sponsor: m });
    await createMember(t, { countryId: c.kes, status: 'inactive', sponsor: m });
    await fund(t, m.id, 12_345n);
    await fund(t, m.id, 100n);
    const page = await get('adminmember', { username: m.username });
    expect(page.status).toBe(200);
    expect(page.data.member).toMatchObject({
      username: m.username,
      status: 'active',
      uplines: [{ level: 1, username: sponsor.username }],
    });
    expect(page.data.wallets).toMatchObject({ deposit: '124.45', balance: '0.00' });
    expect(page.data.downlines[0]).toEqual({ level: 1, total: 2, active: 1, dormant: 1 });
    expect(page.data.sessions).toHaveLength(1);
    const ledger = await get('adminmemberhistory', { username: m.username, list: 'ledger', limit: '1' });
    expect(ledger.data).toMatchObject({ total: 2, rows: [{ amount: '1.00', kind: 'deposit' }] });
    expect(
      (await get('adminmemberhistory', { username: m.username, list: 'ledger', limit: '1', page: '2' })).data.rows[0].amount,
    ).toBe('123.45');
    for (const list of ['deposits', 'withdrawals', 'transfers']) {
      expect((await get('adminmemberhistory', { username: m.username, list })).data).toMatchObject({ total: 0, rows: [] });
    }
    expect((await get('adminmember', { username: 'nobody_here' })).status).toBe(404);
    expect((await get('adminmemberhistory', { username: m.username, list: 'bets' })).status).toBe(400);
  });
});

describe('suspend, unsuspend, sign out', () => {
  it('suspending ends every session and blocks the member; unsuspending restores the status; audited', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await t.sql(`INSERT INTO activations (member_id, generation, fee_system_minor) VALUES ($1, 1, 0)`, [m.id.toString()]);
    const suspended = await admin('adminsuspend', { username: m.username, reason: 'fraud check' });
    expect(suspended).toMatchObject({ status: 200, data: { status: 'suspended', sessions_ended: 1 } });
    expect(await openSessions(m.id)).toBe(0);
    expect((await callAction(t.app, 'userdata', { token: m.token })).status).toBe(401);
    expect(await lastAudit(t, 'member.suspend')).toMatchObject({
      actor_id: operator.id.toString(),
      target_id: m.id.toString(),
      before: { status: 'active' },
      after: { status: 'suspended', sessionsEnded: 1, reason: 'fraud check' },
    });
    expect(await admin('adminsuspend', { username: m.username })).toMatchObject({ status: 409, code: 'ALREADY_DONE' });
    expect(await admin('adminunsuspend', { username: m.username })).toMatchObject({ status: 200, data: { status: 'active' } });
    expect(await lastAudit(t, 'member.unsuspend')).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    expect(await admin('adminunsuspend', { username: m.username })).toMatchObject({ status: 409 });
    const inactive = await createMember(t, { countryId: c.kes, status: 'inactive' });
    await admin('adminsuspend', { username: inactive.username });
    expect((await admin('adminunsuspend', { username: inactive.username })).data.status).toBe('inactive');
  });

  it('signs a member out everywhere', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    expect(await admin('adminsignout', { username: m.username })).toMatchObject({
      status: 200,
      data: { sessions_ended: 1, status: 'active' },
    });
    expect((await callAction(t.app, 'userdata', { token: m.token })).status).toBe(401);
    expect(await lastAudit(t, 'member.sign_out')).toMatchObject({ target_id: m.id.toString(), after: { sessionsEnded: 1 } });
    expect((await admin('adminsignout', { username: 'nobody_here' })).status).toBe(404);
  });

  it('never touches the house account', async () => {
    const house = await createMember(t, { countryId: c.kes, status: 'active', isHouse: true });
    expect((await admin('adminsuspend', { username: house.username })).status).toBe(403);
  });
});

describe('adminupdatemember', () => {
  it('changes email and country at once, a phone only by a four-eyes request (decision 045); audited; refuses taken values', async () => {
    const m = await createMember(t, { countryId: c.kes });
    const [before] = await t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [m.id.toString()]);
    const email = `${m.username}@new.example`;
    const updated = await admin('adminupdatemember', {
      username: m.username,
      email,
      phone: '+999799000111',
      country_id: c.ugx,
      reason: 'ticket 7',
    });
    expect(updated).toMatchObject({ status: 200, data: { phone_approval_id: expect.stringMatching(/^\d+$/) } });
    expect(updated.msg).toContain('the phone change waits for a second operator');
    const row = (
      await t.sql<{ email: string; phone: string; country_id: number }>(
        'SELECT email, phone, country_id FROM members WHERE id = $1',
        [m.id.toString()],
      )
    )[0];
    expect(row).toEqual({ email, phone: before!.phone, country_id: c.ugx });
    expect(await lastAudit(t, 'member.update')).toMatchObject({
      after: { email, phoneRequested: '+999799000111', countryId: c.ugx, reason: 'ticket 7' },
    });
    expect(await admin('adminupdatemember', { username: member.username, email })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect((await admin('adminupdatemember', { username: m.username })).status).toBe(400);
    expect((await admin('adminupdatemember', { username: m.username, email: 'not-an-email' })).status).toBe(400);
    expect((await admin('adminupdatemember', { username: m.username, country_id: 99_999 })).status).toBe(404);
  });
});

describe('adminresetlink', () => {
  it('stores a one-time reset token, queues the mail and audits it', async () => {
    const m = await createMember(t, { countryId: c.kes });
    const sent = await admin('adminresetlink', { username: m.username });
    expect(sent).toMatchObject({ status: 200, data: { username: m.username, email: `${m.username}@test.local` } });
    const resets = await t.sql('SELECT 1 FROM password_resets WHERE member_id = $1 AND used_at IS NULL', [m.id.toString()]);
    expect(resets).toHaveLength(1);
    const mail = await t.sql<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1', [`${m.username}@test.local`]);
    expect(mail[0]?.body).toContain('/forgot-password?token=');
    expect(await lastAudit(t, 'member.reset_link')).toMatchObject({ target_id: m.id.toString() });
    expect((await admin('adminresetlink', { username: 'nobody_here' })).status).toBe(404);
  });
});

describe('admindeposit', () => {
  it('records a completed manual deposit and credits the Deposit wallet once per reference', async () => {
    const m = await createMember(t, { countryId: c.kes });
    const provider = await systemBalance(t, 'provider:manual');
    const first = await admin('admindeposit', {
      username: m.username,
      amount: '250.50',
      reference: 'bank-0001',
      reason: 'paid at the office',
    });
    expect(first).toMatchObject({ status: 200, data: { amount: '250.50', currency: 'KES', duplicate: false } });
    const again = await admin('admindeposit', { username: m.username, amount: '250.50', reference: 'BANK-0001' });
    expect(again).toMatchObject({ status: 200, data: { deposit_id: first.data.deposit_id, duplicate: true } });
    expect((await wallets(t, m.id)).deposit).toBe(25_050n);
    expect((await systemBalance(t, 'provider:manual')) - provider).toBe(-25_050n);
    const rows = await t.sql<{ status: number; method: string; provider_ref: string }>(
      'SELECT status, method, provider_ref FROM deposits WHERE member_id = $1',
      [m.id.toString()],
    );
    expect(rows).toEqual([{ status: 2, method: 'manual', provider_ref: 'BANK-0001' }]);
    expect(await lastAudit(t, 'deposit.manual')).toMatchObject({
      target_id: m.id.toString(),
      after: { reference: 'BANK-0001', amountLocalMinor: '25050' },
    });
    expect(await admin('admindeposit', { username: m.username, amount: '10', reference: 'BANK-0001' })).toMatchObject({
      status: 409,
    });
    expect(await admin('admindeposit', { username: member.username, amount: '250.50', reference: 'BANK-0001' })).toMatchObject({
      status: 409,
    });
    for (const bad of [{ amount: '0' }, { amount: '-5' }, { amount: '1.234' }, { reference: '' }]) {
      expect((await admin('admindeposit', { username: m.username, amount: '5', reference: 'BANK-0002', ...bad })).status).toBe(
        400,
      );
    }
    expect((await wallets(t, m.id)).deposit).toBe(25_050n);
  });
});

describe('adminchangeupline', () => {
  const activated = async (sponsor: TestMember) => {
    const m = await createMember(t, { countryId: c.kes, sponsor });
    await fund(t, m.id, 50_000n);
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} })).status).toBe(200);
    return m;
  };
  const chainOf = async (m: TestMember) =>
    (
      await t.sql<{ l1: string | null; l2: string | null; l3: string | null }>(
        'SELECT l1_id::text AS l1, l2_id::text AS l2, l3_id::text AS l3 FROM members WHERE id = $1',
        [m.id.toString()],
      )
    )[0];
  const countsDiffer = async () =>
    Number(
      (
        await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM (
      (SELECT upline_id, level, total, active FROM team_counts WHERE total > 0 EXCEPT SELECT upline_id, level, total, active FROM team_counts_from_members)
      UNION ALL
      (SELECT upline_id, level, total, active FROM team_counts_from_members EXCEPT SELECT upline_id, level, total, active FROM team_counts)) x`)
      )[0]!.n,
    );

  it('moves a member and their downline, moves paid commissions by ledger entries, and deactivation still reverses them', async () => {
    const a = await createMember(t, { countryId: c.kes, status: 'active' });
    const b = await activated(a);
    const cc = await activated(b);
    const d = await activated(cc);
    const n = await createMember(t, { countryId: c.kes, status: 'active' });
    expect((await wallets(t, a.id)).balance).toBe(45_000n);
    const moved = await admin('adminchangeupline', {
      username: b.username,
      upline: n.username,
      reason: 'wrong sponsor at sign-up',
    });
    expect(moved).toMatchObject({
      status: 200,
      data: { uplines: [n.username], members_moved: 3, activations_moved: 3, commissions_reversed: 6, commissions_paid: 6 },
    });
    expect(await chainOf(b)).toEqual({ l1: n.id.toString(), l2: null, l3: null });
    expect(await chainOf(cc)).toEqual({ l1: b.id.toString(), l2: n.id.toString(), l3: null });
    expect(await chainOf(d)).toEqual({ l1: cc.id.toString(), l2: b.id.toString(), l3: n.id.toString() });
    expect((await wallets(t, a.id)).balance).toBe(0n);
    expect((await wallets(t, n.id)).balance).toBe(45_000n);
    expect((await wallets(t, b.id)).balance).toBe(40_000n);
    expect((await wallets(t, cc.id)).balance).toBe(25_000n);
    expect(await countsDiffer()).toBe(0);
    expect(await lastAudit(t, 'member.change_upline')).toMatchObject({
      actor_id: operator.id.toString(),
      target_id: b.id.toString(),
      before: { l1: a.id.toString(), l2: null, l3: null },
      after: { l1: n.id.toString(), activationsMoved: 3, reason: 'wrong sponsor at sign-up' },
    });
    // Deactivating D now takes back the commissions the new chain holds: C 250, B 150, N 50.
    expect(await admin('admindeactivate', { username: d.username })).toMatchObject({
      status: 200,
      data: { commissions_reversed: 3 },
    });
    expect((await wallets(t, n.id)).balance).toBe(40_000n);
    expect((await wallets(t, b.id)).balance).toBe(25_000n);
    expect((await wallets(t, cc.id)).balance).toBe(0n);
    expect((await wallets(t, a.id)).balance).toBe(0n);
  });

  it('pays the new chain nothing where referral commissions are switched off, and still moves the old ones away', async () => {
    const a = await createMember(t, { countryId: c.kes, status: 'active' });
    const b = await activated(a);
    const n = await createMember(t, { countryId: c.kes, status: 'active' });
    expect((await wallets(t, a.id)).balance).toBe(25_000n);
    const [country] = await t.sql<{ abbreviation: string }>('SELECT abbreviation FROM countries WHERE id = $1', [c.kes]);
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('referral_disabled_countries', $1::jsonb)
                 ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify([country!.abbreviation])],
    );
    try {
      const moved = await admin('adminchangeupline', { username: b.username, upline: n.username });
      expect(moved).toMatchObject({ status: 200, data: { commissions_reversed: 1, commissions_paid: 0 } });
      expect((await wallets(t, a.id)).balance).toBe(0n);
      expect((await wallets(t, n.id)).balance).toBe(0n);
    } finally {
      await t.sql("DELETE FROM settings WHERE key = 'referral_disabled_countries'");
    }
  });

  it('refuses cycles, self, unknown and unchanged uplines, and a move an old upline can no longer pay back', async () => {
    const top = await createMember(t, { countryId: c.kes, status: 'active' });
    const mid = await createMember(t, { countryId: c.kes, status: 'active', sponsor: top });
    const low = await createMember(t, { countryId: c.kes, status: 'active', sponsor: mid });
    const deep = await createMember(t, { countryId: c.kes, status: 'active', sponsor: low });
    const under = await createMember(t, { countryId: c.kes, status: 'active', sponsor: deep });
    expect(await admin('adminchangeupline', { username: top.username, upline: under.username })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(await admin('adminchangeupline', { username: mid.username, upline: mid.username })).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(await admin('adminchangeupline', { username: mid.username, upline: top.username })).toMatchObject({
      status: 409,
      code: 'ALREADY_DONE',
    });
    expect((await admin('adminchangeupline', { username: mid.username, upline: 'nobody_here' })).status).toBe(404);
    expect((await admin('adminchangeupline', { username: mid.username })).status).toBe(400);
    expect(await chainOf(mid)).toEqual({ l1: top.id.toString(), l2: null, l3: null });

    const spender = await createMember(t, { countryId: c.kes, status: 'active' });
    const recruit = await activated(spender);
    await admin('adminadjust', { username: spender.username, wallet: 'balance', amount: '-250.00', reason: 'spent it' });
    const elsewhere = await createMember(t, { countryId: c.kes, status: 'active' });
    const refused = await admin('adminchangeupline', { username: recruit.username, upline: elsewhere.username });
    expect(refused).toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect(refused.msg).toContain(spender.username);
    expect(await chainOf(recruit)).toEqual({ l1: spender.id.toString(), l2: null, l3: null });
    expect((await wallets(t, elsewhere.id)).balance).toBe(0n);
  });
});
