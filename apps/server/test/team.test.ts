import { beforeAll, describe, expect, it } from 'vitest';
import { completeDeposit } from '../src/modules/deposits/deposit-state.ts';
import { insertDeposit } from '../src/modules/deposits/deposits.repository.ts';
import { callAction } from './harness.ts';
import { createMember, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp({ TUZO_TIMEZONE: 'Africa/Nairobi' });
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });

const counts = (m: TestMember) => callAction(t.app, 'allmyDownlines', { token: m.token });
const downlines = (m: TestMember, query: Record<string, string | number>) =>
  callAction(t.app, 'myDownlines', {
    token: m.token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

async function setJoined(m: TestMember, iso: string): Promise<void> {
  await t.sql('UPDATE members SET joined_at = $2 WHERE id = $1', [m.id.toString(), iso]);
}
async function setPhone(m: TestMember, phone: string): Promise<void> {
  await t.sql('UPDATE members SET phone = $2 WHERE id = $1', [m.id.toString(), phone]);
}
async function setStatus(m: TestMember, status: 'inactive' | 'active' | 'suspended'): Promise<void> {
  await t.sql(`UPDATE members SET status = $2, activated_at = CASE WHEN $2 = 'active' THEN now() END WHERE id = $1`, [
    m.id.toString(),
    status,
  ]);
}

/** A completed deposit through the deposits' own path (row + ledger), in the member's currency. */
async function deposit(m: TestMember, localMinor: bigint, rateMicro = 1_000_000n, currency = 'KES'): Promise<void> {
  await t.app.deps.db.transaction(async (tx) => {
    const row = await insertDeposit(tx, {
      memberId: m.id,
      method: 'manual',
      amountLocalMinor: localMinor,
      currency,
      rateMicro,
      amountSystemMinor: (localMinor * 1_000_000n) / rateMicro,
      phone: null,
      providerRef: `TEAM${m.id}X${localMinor}`,
      idempotencyKey: `team:${m.id}:${localMinor}`,
      createdAt: t.app.deps.clock.now(),
    });
    await completeDeposit(tx, {
      at: t.app.deps.clock.now(),
      depositId: row!.id,
      idempotencyKey: `team:deposit:${m.id}:${localMinor}`,
      providerRef: `TEAM${m.id}X${localMinor}`,
      memo: 'test',
    });
  });
}

async function activate(m: TestMember): Promise<void> {
  await deposit(m, 50_000n);
  const res = await callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {} });
  expect(res).toMatchObject({ status: 200, resultcode: true });
}

async function assertCountersMatchMembers(): Promise<void> {
  const diff = await t.sql(`
    SELECT * FROM (SELECT upline_id, level, total, active FROM team_counts WHERE total > 0
                   EXCEPT SELECT upline_id, level, total, active FROM team_counts_from_members) a
    UNION ALL
    SELECT * FROM (SELECT upline_id, level, total, active FROM team_counts_from_members
                   EXCEPT SELECT upline_id, level, total, active FROM team_counts) b`);
  expect(diff).toEqual([]);
}

describe('allmyDownlines', () => {
  it('counts total, active and dormant (inactive and suspended) on each level, and nothing outside the tree', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active' });
    await createMember(t, { countryId: c.kes, sponsor: me });
    await createMember(t, { countryId: c.kes, sponsor: me, status: 'suspended' });
    const d = await createMember(t, { countryId: c.kes, sponsor: a, status: 'active' });
    await createMember(t, { countryId: c.kes, sponsor: a });
    const f = await createMember(t, { countryId: c.ugx, sponsor: d });
    await createMember(t, { countryId: c.kes, sponsor: f, status: 'active' }); // level 4: not counted
    const stranger = await createMember(t, { countryId: c.kes, status: 'active' });
    await createMember(t, { countryId: c.kes, sponsor: stranger });

    const res = await counts(me);
    expect(res).toMatchObject({ status: 200, resultcode: true });
    expect(res.data).toEqual({
      l1: { total: 3, active: 1, dormant: 2 },
      l2: { total: 2, active: 1, dormant: 1 },
      l3: { total: 1, active: 0, dormant: 1 },
    });
    expect((await counts(stranger)).data.l1).toEqual({ total: 1, active: 0, dormant: 1 });
    await assertCountersMatchMembers();
  });

  it('answers zeros for a member without a team', async () => {
    const lonely = await createMember(t, { countryId: c.kes, status: 'active' });
    const zero = { total: 0, active: 0, dormant: 0 };
    expect((await counts(lonely)).data).toEqual({ l1: zero, l2: zero, l3: zero });
  });

  it('follows activation, operator deactivation, suspension and an upline change at once', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active' });
    const b = await createMember(t, { countryId: c.kes, sponsor: a });
    await activate(b);
    expect((await counts(me)).data.l2).toEqual({ total: 1, active: 1, dormant: 0 });
    expect(
      (await callAction(t.app, 'admindeactivate', { method: 'POST', token: operator.token, payload: { username: b.username } }))
        .status,
    ).toBe(200);
    expect((await counts(me)).data.l2).toEqual({ total: 1, active: 0, dormant: 1 });
    await setStatus(a, 'suspended');
    expect((await counts(me)).data.l1).toEqual({ total: 1, active: 0, dormant: 1 });
    // An operator moves b under another sponsor: it leaves this chain entirely.
    const other = await createMember(t, { countryId: c.kes, status: 'active' });
    await t.sql('UPDATE members SET l1_id = $2, l2_id = NULL, l3_id = NULL WHERE id = $1', [
      b.id.toString(),
      other.id.toString(),
    ]);
    expect((await counts(me)).data.l2).toEqual({ total: 0, active: 0, dormant: 0 });
    expect((await counts(other)).data.l1).toEqual({ total: 1, active: 0, dormant: 1 });
    await assertCountersMatchMembers();
  });

  it('stays exact under concurrent sign-ups and activations under one leader', async () => {
    const leader = await createMember(t, { countryId: c.kes, status: 'active' });
    const first = await Promise.all(Array.from({ length: 12 }, () => createMember(t, { countryId: c.kes, sponsor: leader })));
    await Promise.all([
      ...first.slice(0, 6).map((m) => activate(m)),
      ...Array.from({ length: 12 }, (_, i) => createMember(t, { countryId: c.kes, sponsor: first[i % 12]! })),
    ]);
    expect((await counts(leader)).data).toMatchObject({
      l1: { total: 12, active: 6, dormant: 6 },
      l2: { total: 12, active: 0, dormant: 12 },
    });
    await assertCountersMatchMembers();
  });

  it('refuses a request without a session', async () => {
    expect((await callAction(t.app, 'allmyDownlines')).status).toBe(401);
    expect((await callAction(t.app, 'myDownlines', { query: { level: '1' } })).status).toBe(401);
  });

  it('refuses POST', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    expect((await callAction(t.app, 'allmyDownlines', { method: 'POST', token: me.token, payload: {} })).status).toBe(405);
  });
});

describe('myDownlines validation', () => {
  it.each([
    [{}, 'level must be 1, 2 or 3'],
    [{ level: '0' }, 'level must be 1, 2 or 3'],
    [{ level: '4' }, 'level must be 1, 2 or 3'],
    [{ level: 'abc' }, 'level must be 1, 2 or 3'],
    [{ level: '1.5' }, 'level must be 1, 2 or 3'],
    [{ level: '1', status: 'sleeping' }, 'status must be all, active or dormant'],
    [{ level: '1', page: '0' }, 'page must be at least 1'],
    [{ level: '1', page: 'x' }, 'page must be a whole number'],
    [{ level: '1', limit: '101' }, 'limit is at most 100'],
    [{ level: '1', limit: '0' }, 'limit must be at least 1'],
    [{ level: '1', q: 'x'.repeat(61) }, 'Search text is at most 60 characters'],
  ])('refuses %j with 400', async (query, msg) => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const res = await downlines(me, query);
    expect(res).toMatchObject({ status: 400, resultcode: false, code: 'VALIDATION_FAILED', msg });
  });

  it('accepts the status in any case, blank text as no search, and defaults page 1 and limit 50', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active' });
    await createMember(t, { countryId: c.kes, sponsor: me });
    const res = await downlines(me, { level: ' 1 ', status: 'ACTIVE', q: '   ' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ page: 1, pages: 1, total: 2, active: 1, inactive: 1 });
    expect(res.data.data.map((row: { Name: string }) => row.Name)).toEqual([a.username]);
  });
});

describe('myDownlines rows', () => {
  it('shows level 1 in full without Upline, levels 2 and 3 masked with their upline, statuses and countries', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active' });
    const b = await createMember(t, { countryId: c.ugx, sponsor: a, status: 'suspended' });
    const d = await createMember(t, { countryId: c.kes, sponsor: b });
    await setPhone(a, '+254711000111');
    await setPhone(b, '+256772123456');
    await setPhone(d, '+254733987654');
    await setJoined(a, '2025-03-04T06:07:00Z');

    const one = await downlines(me, { level: 1 });
    expect(one).toMatchObject({ status: 200, msg: 'Team loaded' });
    expect(one.data).toMatchObject({
      Level: 'Level 1',
      active: 1,
      inactive: 0,
      total: 1,
      Currency: 'KES',
      Earned: '0.00',
      page: 1,
      pages: 1,
    });
    expect(one.data.data).toEqual([
      {
        Name: a.username,
        Phone: '+254711000111',
        Status: 'Active',
        Country: 'Testland KES',
        Earned: '0.00',
        Deposited: '0.00',
        Joined: '2025-03-04 09:07',
      },
    ]);
    expect(one.data.data[0]).not.toHaveProperty('Upline');

    const two = await downlines(me, { level: 2 });
    expect(two.data).toMatchObject({ Level: 'Level 2', total: 1, active: 0, inactive: 1 });
    expect(two.data.data[0]).toMatchObject({
      Name: b.username,
      Phone: '**********456',
      Status: 'Suspended',
      Country: 'Testland UGX',
      Upline: a.username,
    });
    const three = await downlines(me, { level: 3 });
    expect(three.data.data[0]).toMatchObject({ Name: d.username, Phone: '**********654', Status: 'Dormant', Upline: b.username });
    // No full phone number of levels 2 and 3 is anywhere in the answer.
    expect(JSON.stringify([two, three])).not.toMatch(/256772|254733/);
  });

  it('never names the house account as an upline', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const house = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active', isHouse: true });
    await createMember(t, { countryId: c.kes, sponsor: house });
    const two = await downlines(me, { level: 2 });
    expect(two.data.data[0].Upline).toBe('');
    expect(JSON.stringify(two)).not.toContain(house.username);
  });

  it('Earned comes from the ledger per member and per level, net of reversals; Deposited from completed deposits', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const a = await createMember(t, { countryId: c.kes, sponsor: me, status: 'active' });
    const b = await createMember(t, { countryId: c.kes, sponsor: me });
    const x = await createMember(t, { countryId: c.kes, sponsor: a });
    const y = await createMember(t, { countryId: c.ugx, sponsor: a });
    await activate(b); // pays me 250 at level 1
    await activate(x); // pays me 150 at level 2
    await deposit(y, 2_850_000n, 28_500_000n, 'UGX'); // UGX 28,500 = KES 1,000
    await deposit(y, 100_000n, 28_500_000n, 'UGX');
    // A pending deposit is not counted.
    await insertDeposit(t.app.deps.db, {
      memberId: y.id,
      method: 'manual',
      amountLocalMinor: 5_000_000n,
      currency: 'UGX',
      rateMicro: 28_500_000n,
      amountSystemMinor: 175_438n,
      phone: null,
      providerRef: null,
      idempotencyKey: `team:pending:${y.id}`,
      createdAt: t.app.deps.clock.now(),
    });
    const ySystem = (2_950_000n * 1_000_000n) / 28_500_000n;
    const yActivation = await callAction(t.app, 'activateaccount', { method: 'POST', token: y.token, payload: {} });
    expect(yActivation.status).toBe(200); // pays me UGX 5,000 = KES 175.44 at level 2

    const one = await downlines(me, { level: 1 });
    expect(one.data.Earned).toBe('250.00');
    const byName = (res: typeof one) => Object.fromEntries(res.data.data.map((row: { Name: string }) => [row.Name, row]));
    expect(byName(one)[b.username]).toMatchObject({ Earned: '250.00', Deposited: '500.00', Status: 'Active' });
    expect(byName(one)[a.username]).toMatchObject({ Earned: '0.00', Deposited: '0.00' });

    const two = await downlines(me, { level: 2 });
    expect(two.data.Earned).toBe('325.44');
    expect(byName(two)[x.username]).toMatchObject({ Earned: '150.00', Deposited: '500.00' });
    expect(byName(two)[y.username]).toMatchObject({ Earned: '175.44', Deposited: (Number(ySystem) / 100).toFixed(2) });

    // The operator deactivates x: the commission is reversed and counts against both figures.
    expect(
      (await callAction(t.app, 'admindeactivate', { method: 'POST', token: operator.token, payload: { username: x.username } }))
        .status,
    ).toBe(200);
    const after = await downlines(me, { level: 2 });
    expect(after.data.Earned).toBe('175.44');
    expect(byName(after)[x.username]).toMatchObject({ Earned: '0.00', Status: 'Dormant' });
    // x activates again (a new generation): earned once more, and only once.
    await deposit(x, 50_000n + 1n);
    expect((await callAction(t.app, 'activateaccount', { method: 'POST', token: x.token, payload: {} })).status).toBe(200);
    expect(byName(await downlines(me, { level: 2 }))[x.username]).toMatchObject({ Earned: '150.00', Status: 'Active' });
    // The sponsor a earned at level 1 from x and y; those are a's, not mine.
    expect((await downlines(a, { level: 1 })).data.Earned).toBe('530.70');
  });

  it('shows amounts in the viewer’s currency', async () => {
    const me = await createMember(t, { countryId: c.ugx, status: 'active' });
    const b = await createMember(t, { countryId: c.kes, sponsor: me });
    await activate(b); // KES 250 at level 1 = UGX 7,125
    const one = await downlines(me, { level: 1 });
    expect(one.data).toMatchObject({ Currency: 'UGX', Earned: '7125.00' });
    expect(one.data.data[0]).toMatchObject({ Earned: '7125.00', Deposited: '14250.00' });
  });
});

describe('myDownlines search, filter and paging', () => {
  let leader: TestMember;
  let recruits: TestMember[];

  beforeAll(async () => {
    leader = await createMember(t, { countryId: c.kes, status: 'active' });
    recruits = [];
    for (let i = 0; i < 7; i += 1) {
      const m = await createMember(t, {
        countryId: i === 6 ? c.ugx : c.kes,
        sponsor: leader,
        status: i % 3 === 0 ? 'active' : i === 4 ? 'suspended' : 'inactive',
        prefix: i === 2 ? 'Zed' : 'rec',
      });
      await setJoined(m, `2025-01-0${i + 1}T10:00:00Z`);
      await setPhone(m, `+2547990000${i}${i}`);
      recruits.push(m);
    }
    // Level 2 under the first recruit, with a phone whose middle digits are searched for below.
    const deep = await createMember(t, { countryId: c.kes, sponsor: recruits[0]!, prefix: 'deep' });
    await setPhone(deep, '+254788123999');
  });
  const names = (res: { data: { data: { Name: string }[] } }) => res.data.data.map((row) => row.Name);

  it('pages newest first with page and pages; counts stay for the whole level', async () => {
    const newestFirst = [...recruits].reverse().map((m) => m.username);
    const p1 = await downlines(leader, { level: 1, limit: 3 });
    expect(p1.data).toMatchObject({ page: 1, pages: 3, total: 7, active: 3, inactive: 4 });
    expect(names(p1)).toEqual(newestFirst.slice(0, 3));
    expect(names(await downlines(leader, { level: 1, limit: 3, page: 2 }))).toEqual(newestFirst.slice(3, 6));
    const p3 = await downlines(leader, { level: 1, limit: 3, page: 3 });
    expect(names(p3)).toEqual(newestFirst.slice(6));
    const past = await downlines(leader, { level: 1, limit: 3, page: 9 });
    expect(past.data).toMatchObject({ page: 9, pages: 3, total: 7, data: [] });
    expect(past.msg).toBe('No team members found');
  });

  it('filters active and dormant (inactive and suspended), with pages for the filter', async () => {
    const active = await downlines(leader, { level: 1, status: 'active', limit: 2 });
    expect(active.data).toMatchObject({ pages: 2, total: 7, active: 3 });
    expect(names(active)).toEqual([recruits[6]!.username, recruits[3]!.username]);
    const dormant = await downlines(leader, { level: 1, status: 'dormant', limit: 100 });
    expect(dormant.data.pages).toBe(1);
    expect(names(dormant)).toEqual([5, 4, 2, 1].map((i) => recruits[i]!.username));
    expect(dormant.data.data.map((row: { Status: string }) => row.Status)).toEqual([
      'Dormant',
      'Suspended',
      'Dormant',
      'Dormant',
    ]);
  });

  it('searches name, phone, country and joined text case-insensitively, combined with the filter and paging', async () => {
    expect(names(await downlines(leader, { level: 1, q: 'zED_' }))).toEqual([recruits[2]!.username]);
    expect(names(await downlines(leader, { level: 1, q: '79900003' }))).toEqual([recruits[3]!.username]);
    expect(names(await downlines(leader, { level: 1, q: 'testland ugx' }))).toEqual([recruits[6]!.username]);
    expect(names(await downlines(leader, { level: 1, q: '2025-01-05' }))).toEqual([recruits[4]!.username]);
    expect(names(await downlines(leader, { level: 1, q: '2025-01-05 13:00' }))).toEqual([recruits[4]!.username]);
    expect(names(await downlines(leader, { level: 1, q: '2025-01-05 12' }))).toEqual([]);
    expect((await downlines(leader, { level: 1, q: '2025-01' })).data.data).toHaveLength(7);
    expect((await downlines(leader, { level: 1, q: '2025' })).data.data).toHaveLength(7);
    // Texts that are no date, or an impossible one, match no Joined text (and break nothing).
    for (const q of ['2025-13', '2025-02-30', '2024', '3333', '1-05 2'])
      expect((await downlines(leader, { level: 1, q })).data.data).toEqual([]);
    // Inside the text rather than at its start: "01-05" is the month and day of the fifth recruit only.
    expect(names(await downlines(leader, { level: 1, q: '01-05' }))).toEqual([recruits[4]!.username]);
    expect(names(await downlines(leader, { level: 1, q: '1-05 1' }))).toEqual([recruits[4]!.username]);
    // 10:00 UTC is 13:00 in Nairobi: the text the member sees is what is searched.
    expect((await downlines(leader, { level: 1, q: '13:00' })).data.pages).toBe(1);
    expect((await downlines(leader, { level: 1, q: '13:00', limit: 2 })).data).toMatchObject({ pages: 4, total: 7 });
    expect(names(await downlines(leader, { level: 1, q: 'rec', status: 'active', limit: 1, page: 2 }))).toEqual([
      recruits[3]!.username,
    ]);
    const none = await downlines(leader, { level: 1, q: 'nobody-like-this' });
    expect(none).toMatchObject({ status: 200, msg: 'No team members found' });
    expect(none.data).toMatchObject({ data: [], pages: 0, total: 7 });
  });

  it('treats % and _ as text, not as wildcards', async () => {
    expect((await downlines(leader, { level: 1, q: '%' })).data.data).toEqual([]);
    expect((await downlines(leader, { level: 1, q: 'rec%1' })).data.data).toEqual([]);
    expect(names(await downlines(leader, { level: 1, q: 'd_' }))).toEqual([recruits[2]!.username]);
  });

  it('on levels 2 and 3 matches the phone as shown: the last three digits, never the masked ones', async () => {
    expect((await downlines(leader, { level: 2, q: '788123' })).data.data).toEqual([]);
    expect((await downlines(leader, { level: 2, q: '+254' })).data.data).toEqual([]);
    expect((await downlines(leader, { level: 2, q: '999' })).data.data).toHaveLength(1);
  });

  it('says "No team data available" for an empty level', async () => {
    const res = await downlines(leader, { level: 3 });
    expect(res).toMatchObject({ status: 200, resultcode: true, msg: 'No team data available' });
    expect(res.data).toMatchObject({ total: 0, active: 0, inactive: 0, pages: 0, data: [], Earned: '0.00' });
  });
});

describe('affiliatelink', () => {
  it('uses the app address, then the operator’s public_site_url', async () => {
    const me = await createMember(t, { countryId: c.kes, status: 'active' });
    const first = await callAction(t.app, 'affiliatelink', { token: me.token });
    expect(first.data.link).toBe(`${t.app.deps.publicUrl()}/reg/${me.username}`);
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('public_site_url', '"https://tuzo.example/"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    expect((await callAction(t.app, 'affiliatelink', { token: me.token })).data.link).toBe(
      `https://tuzo.example/reg/${me.username}`,
    );
    expect((await callAction(t.app, 'affiliatelink')).status).toBe(401);
  });
});
