import { afterEach, describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { createMember, fund, type TestMember } from './money-fixtures.ts';
import { expectReconciled, setSetting, withdrawOk } from './payouts-fixtures.ts';
import { usePayoutTestApp } from './payout-app.ts';
import { accountBalance, activateAll, chain, clusterIdOf, decide, holdStates, seen } from './clusters-fixtures.ts';

/**
 * Commission holds and cluster decisions (issue 27, decision 062), through the API with real PostgreSQL: a ring of
 * accounts on one device has its commissions held and its withdrawals flagged; clearing releases them once,
 * confirming reverses them once and suspends the accounts; a family sharing a network is not held. Every test ends
 * with a reconciled ledger.
 */
const ctx = usePayoutTestApp();
afterEach(async () => {
  await setSetting(ctx.t, 'four_eyes_threshold', '10000.00');
  await expectReconciled(ctx);
});

let devices = 0;
const device = () => `device-${(devices += 1)}-${Math.random().toString(36).slice(2, 12)}`;
const jumbo = (m: TestMember) => accountBalance(ctx, `member:${m.id}:balance`);

async function flagsOf(withdrawalId: string) {
  return ctx.t.sql<{ id: string; kind: string; cleared_at: string | null }>(
    'SELECT id::text, kind, cleared_at::text FROM payout_risk_flags WHERE withdrawal_id = $1 ORDER BY id',
    [withdrawalId],
  );
}

async function ringOf(n: number) {
  const shared = device();
  const members = await chain(ctx, n, () => ({ device: shared }));
  await activateAll(ctx, members);
  return { members, clusterId: await clusterIdOf(ctx, members[0]!) };
}

describe('a ring of five accounts on one device', () => {
  it('holds the commissions, flags the withdrawals, and clearing releases them once', async () => {
    const holdBefore = await accountBalance(ctx, 'hold:commissions');
    const { members, clusterId } = await ringOf(5);
    const [a, b] = members as [TestMember, TestMember];
    // 4 level-1 (250), 3 level-2 (150), 2 level-3 (50): KES 1,550.00 held, nothing in the uplines' Jumbo wallets.
    expect(await holdStates(ctx, clusterId)).toEqual(Array(9).fill('held'));
    expect((await accountBalance(ctx, 'hold:commissions')) - holdBefore).toBe(155_000n);
    for (const m of members) expect(await jumbo(m)).toBe(0n);
    const notes = await ctx.t.sql<{ msg: string }>('SELECT msg FROM member_notifications WHERE member_id = $1', [
      a.id.toString(),
    ]);
    expect(notes.map((n) => n.msg)).toContain(
      `Your level 1 commission of KES 250.00 from ${b.username} is held while we check that the accounts in your team belong to different people. You can ask for a review.`,
    );

    await fund(ctx.t, a.id, 100_000n, 'balance');
    const withdrawal = await withdrawOk(ctx, a, '500');
    const [flag] = await flagsOf(withdrawal);
    expect(flag).toMatchObject({ kind: 'cluster', cleared_at: null });
    // The most severe flag: no single-flag clearing, no approval, only the cluster's decision.
    const clear = await callAction(ctx.t.app, 'adminclearpayoutflag', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { id: flag!.id, note: 'Looks fine to me' },
    });
    expect(clear).toMatchObject({ httpStatus: 409, code: 'CONFLICT' });
    const approve = await callAction(ctx.t.app, 'updatetrans', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { tid: withdrawal, value: 2 },
    });
    expect(approve).toMatchObject({ httpStatus: 409 });

    const list = await callAction(ctx.t.app, 'adminclusters', { token: ctx.operator.token, query: { state: 'open' } });
    expect(list.data.clusters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: clusterId, ring: true, members: 5, held_total: '1550.00', held_count: 9 }),
      ]),
    );
    const one = await callAction(ctx.t.app, 'admincluster', { token: ctx.operator.token, query: { id: clusterId } });
    expect(one).toMatchObject({ status: 200, data: { cluster: { state: 'open', signals: ['device'] } } });
    expect(one.data.members).toHaveLength(5);
    expect(one.data.members.find((m: { username: string }) => m.username === b.username)).toMatchObject({
      sponsor: a.username,
      sponsor_in_cluster: true,
    });
    expect(one.data.links.length).toBeGreaterThan(0);
    expect(JSON.stringify(one.data.links)).not.toContain('device-');
    expect(one.data.holds).toHaveLength(9);
    expect(one.data.money.filter((m: { kind: string }) => m.kind.endsWith('(held)'))).toHaveLength(9);

    const done = await decide(ctx, { id: clusterId, decision: 'clear', note: 'Five siblings, checked their IDs' });
    expect(done).toMatchObject({
      status: 200,
      data: { id: clusterId, state: 'cleared', released: 9, reversed: 0, suspended: 0 },
    });
    expect(await holdStates(ctx, clusterId)).toEqual(Array(9).fill('released'));
    expect(await jumbo(a)).toBe(100_000n - 50_000n - 3_000n + 25_000n + 15_000n + 5_000n);
    expect((await flagsOf(withdrawal))[0]!.cleared_at).not.toBeNull();
    // Again: nothing more moves.
    const releases = async () => (await ctx.t.sql("SELECT 1 FROM ledger_transactions WHERE kind = 'commission_release'")).length;
    const before = await releases();
    expect(await decide(ctx, { id: clusterId, decision: 'clear', note: 'Again' })).toMatchObject({ code: 'ALREADY_DONE' });
    expect(await releases()).toBe(before);
    expect((await accountBalance(ctx, 'hold:commissions')) - holdBefore).toBe(0n);
  });

  it('confirming reverses the held commissions once and suspends every account', async () => {
    const houseBefore = await accountBalance(ctx, 'house:commissions');
    const { members, clusterId } = await ringOf(3);
    expect(await holdStates(ctx, clusterId)).toEqual(['held', 'held', 'held']);
    const done = await decide(ctx, { id: clusterId, decision: 'confirm', note: 'One person, one phone, three accounts' });
    expect(done).toMatchObject({ status: 200, data: { state: 'confirmed', released: 0, reversed: 3, suspended: 3 } });
    expect(await holdStates(ctx, clusterId)).toEqual(['reversed', 'reversed', 'reversed']);
    expect(await accountBalance(ctx, 'house:commissions')).toBe(houseBefore);
    const statuses = await ctx.t.sql<{ status: string }>('SELECT status FROM members WHERE id = ANY($1::bigint[])', [
      members.map((m) => m.id.toString()),
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['suspended', 'suspended', 'suspended']);
    const me = await callAction(ctx.t.app, 'myholds', { token: members[0]!.token });
    expect(me.httpStatus).toBe(401);
    expect(await decide(ctx, { id: clusterId, decision: 'confirm', note: 'Again' })).toMatchObject({ code: 'ALREADY_DONE' });
    expect(await accountBalance(ctx, 'house:commissions')).toBe(houseBefore);
  });
});

describe('what is not held', () => {
  it('a family of two sharing a network but not a device or payer is paid normally', async () => {
    const parent = await createMember(ctx.t, { countryId: ctx.c.kes });
    const child = await createMember(ctx.t, { countryId: ctx.c.kes, sponsor: parent });
    for (const m of [parent, child]) await fund(ctx.t, m.id, 50_000n, 'deposit');
    await seen(ctx, parent, { device: device(), ip: '41.90.64.10' });
    await seen(ctx, child, { device: device(), ip: '41.90.64.11' });
    await activateAll(ctx, [parent, child]);
    expect(await jumbo(parent)).toBe(25_000n);
    expect(await ctx.t.sql('SELECT 1 FROM commission_holds WHERE member_id = $1', [parent.id.toString()])).toEqual([]);
  });
});

describe('four-eyes above the threshold', () => {
  it('answers 202; the same operator cannot approve; a second operator’s approval executes it', async () => {
    const { clusterId } = await ringOf(3);
    await setSetting(ctx.t, 'four_eyes_threshold', '100.00');
    const asked = await decide(ctx, { id: clusterId, decision: 'clear', note: 'Cousins, checked' });
    expect(asked).toMatchObject({ httpStatus: 202, data: { kind: 'cluster', amount_system: '650.00', state: 'pending' } });
    expect(await holdStates(ctx, clusterId)).toEqual(['held', 'held', 'held']);
    const id = asked.data.approval_id as string;
    const own = await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.operator.token,
      payload: { id },
    });
    expect(own).toMatchObject({ httpStatus: 403 });
    const ok = await callAction(ctx.t.app, 'adminapproverequest', {
      method: 'POST',
      token: ctx.secondOperator.token,
      payload: { id, note: 'Agreed' },
    });
    expect(ok).toMatchObject({ status: 200, resultcode: true });
    expect(await holdStates(ctx, clusterId)).toEqual(['released', 'released', 'released']);
    const one = await callAction(ctx.t.app, 'admincluster', { token: ctx.operator.token, query: { id: clusterId } });
    expect(one.data.cluster.state).toBe('cleared');
    expect(one.data.decisions).toMatchObject([{ decision: 'clear', note: 'Cousins, checked', by: ctx.secondOperator.username }]);
  });
});

describe('members ask for a review', () => {
  it('sees why in plain words, asks once, and the operators see it', async () => {
    const { members, clusterId } = await ringOf(2);
    const upline = members[0]!;
    const mine = await callAction(ctx.t.app, 'myholds', { token: upline.token });
    expect(mine).toMatchObject({
      status: 200,
      data: { reason: expect.stringContaining('Your commission is held'), can_request_review: true, review_requested_at: null },
    });
    expect(mine.data.holds).toMatchObject([{ from_member: members[1]!.username, level: 1, amount: '250.00', state: 'held' }]);
    const sw = await callAction(ctx.t.app, 'myholds', { token: upline.token, headers: { 'accept-language': 'sw' } });
    expect(sw.data.reason).not.toBe(mine.data.reason);
    const ask = (token: string, message: string) =>
      callAction(ctx.t.app, 'askreview', { method: 'POST', token, payload: { message } });
    expect(await ask(upline.token, 'short')).toMatchObject({ httpStatus: 400 });
    expect(await ask(upline.token, 'My brother uses my old phone')).toMatchObject({ status: 200, resultcode: true });
    expect(await ask(upline.token, 'Please look again at it')).toMatchObject({ httpStatus: 409 });
    expect(await ask(members[1]!.token, 'Nothing of mine is held')).toMatchObject({ httpStatus: 409 });
    const one = await callAction(ctx.t.app, 'admincluster', { token: ctx.operator.token, query: { id: clusterId } });
    expect(one.data.reviews).toMatchObject([{ member: upline.username, message: 'My brother uses my old phone' }]);
    expect(one.data.cluster.review_requests).toBe(1);
    const notices = await callAction(ctx.t.app, 'adminnotices', { token: ctx.operator.token });
    expect(JSON.stringify(notices.data)).toContain('review of held commissions');
    await decide(ctx, { id: clusterId, decision: 'clear', note: 'Brothers' });
    expect((await callAction(ctx.t.app, 'myholds', { token: upline.token })).data).toMatchObject({ reason: null });
  });

  it('refuses bad input', async () => {
    const { clusterId } = await ringOf(2);
    expect(await decide(ctx, { id: clusterId, decision: 'maybe', note: 'Hmm hmm' })).toMatchObject({ httpStatus: 400 });
    expect(await decide(ctx, { id: clusterId, decision: 'clear', note: '' })).toMatchObject({ httpStatus: 400 });
    expect(await decide(ctx, { id: '999999999', decision: 'clear', note: 'Unknown one' })).toMatchObject({ httpStatus: 404 });
    const member = await createMember(ctx.t, { countryId: ctx.c.kes });
    expect(await decide(ctx, { id: clusterId, decision: 'clear', note: 'Not staff' }, member)).toMatchObject({ httpStatus: 403 });
    await decide(ctx, { id: clusterId, decision: 'clear', note: 'Tidy up' });
  });
});
