import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { clusterOf, recordSignals, runSignalRetention, setClusterState } from '../src/modules/fraud-signals/index.ts';
import { runClosureSweep } from '../src/modules/my-data/closure.service.ts';
import { loginOk, memberRow, signupPayload } from './auth-helpers.ts';
import { useCountriesApp } from './countries-app.ts';
import { callAction } from './harness.ts';
import { createMember, type TestMember } from './money-fixtures.ts';

/** What is kept and for how long (decision 061): retention on the app's clock, collection points, members' rights. */
const clock = new SettableClock(new Date('2026-06-01T08:00:00Z'));
const { t, c } = useCountriesApp({}, { clock });
const DAY = 86_400_000;
const DEVICE = 'browser_device_id_0001';

const member = (sponsor?: TestMember) => createMember(t, { countryId: c.kes, sponsor: sponsor ?? null });
const record = (m: TestMember, device: string) =>
  t.app.deps.db.transaction((tx) =>
    recordSignals(tx, t.app.deps, { memberId: m.id, event: 'signin', at: clock.now(), signals: { device } }),
  );
const countOf = async (table: string, id: bigint) =>
  (
    await t.sql(`SELECT 1 FROM ${table} WHERE ${table === 'fraud_links' ? 'member_a = $1 OR member_b = $1' : 'member_id = $1'}`, [
      id.toString(),
    ])
  ).length;

describe('retention', () => {
  it('deletes raw rows and links past raw_retention_days, keeping an open case’s links until it is decided', async () => {
    const [w1, w2] = [await member(), await member()];
    await record(w1, 'watch_device_0000001');
    await record(w2, 'watch_device_0000001');
    const sponsor = await member();
    const child = await member(sponsor);
    await record(sponsor, 'ring_device_00000001');
    await record(child, 'ring_device_00000001');
    expect(await clusterOf(t.app.deps.db, child.id)).toMatchObject({ state: 'open' });

    clock.advance(89 * DAY);
    expect(await runSignalRetention(t.app.deps)).toEqual({ signals: 0, links: 0 });
    clock.advance(2 * DAY);
    const fresh = await member();
    await record(fresh, 'fresh_device_0000001');
    const removed = await runSignalRetention(t.app.deps);
    expect(removed.signals).toBeGreaterThanOrEqual(4);
    for (const m of [w1, w2, sponsor, child]) expect(await countOf('fraud_signals', m.id)).toBe(0);
    expect(await countOf('fraud_signals', fresh.id)).toBe(1);
    expect(await countOf('fraud_links', w1.id)).toBe(0);
    expect(await countOf('fraud_links', child.id)).toBe(1);
    // The kept link still links: a new account on the ring's device joins the case.
    const late = await member();
    await record(late, 'ring_device_00000001');
    expect(await clusterOf(t.app.deps.db, late.id)).toMatchObject({ state: 'open' });

    const cluster = (await clusterOf(t.app.deps.db, child.id))!;
    await t.app.deps.db.transaction((tx) => setClusterState(tx, { clusterId: cluster.id, state: 'cleared', at: clock.now() }));
    await runSignalRetention(t.app.deps);
    // The old link goes; the late member's links are recent and stay.
    const pair = [sponsor.id, child.id].sort((x, y) => (x < y ? -1 : 1)).map(String);
    expect(await t.sql('SELECT 1 FROM fraud_links WHERE member_a = $1 AND member_b = $2', pair)).toHaveLength(0);
    expect(await countOf('fraud_links', late.id)).toBe(2);
    // Membership names no signal: the cluster stays.
    expect(await clusterOf(t.app.deps.db, child.id)).toMatchObject({ id: cluster.id, state: 'cleared' });
  });
});

describe('collection points and members’ rights', () => {
  it('records sign-up and sign-in signals from the X-Device-Id header and the address; ignores a bad device id', async () => {
    const payload = signupPayload();
    const res = await callAction(t.app, 'register', { payload, headers: { 'x-device-id': DEVICE } });
    expect(res).toMatchObject({ status: 200 });
    const row = await memberRow(t, payload.username);
    const id = BigInt(row!.id);
    await loginOk(t, payload.username);
    await callAction(t.app, 'login', {
      payload: { username: payload.username, password: 'secret123' },
      headers: { 'x-device-id': 'bad id!' },
    });
    const rows = await t.sql<{ kind: string; event: string }>(
      'SELECT kind, event FROM fraud_signals WHERE member_id = $1 ORDER BY event, kind',
      [id.toString()],
    );
    expect(rows.map((r) => `${r.event}:${r.kind}`)).toEqual([
      'signin:ip',
      'signin:network',
      'signup:device',
      'signup:email',
      'signup:ip',
      'signup:network',
      'signup:phone',
    ]);
  });

  it('the data download lists the member’s own signals (no hash, no other member); closing the account erases them', async () => {
    // Two recruits of one sponsor on one phone: one referral line, so the device links them (decision 063); no ring.
    const sponsor = signupPayload();
    await callAction(t.app, 'register', { payload: sponsor });
    const payload = signupPayload({ upline: sponsor.username });
    await callAction(t.app, 'register', { payload, headers: { 'x-device-id': 'shared_device_000001' } });
    const other = signupPayload({ upline: sponsor.username });
    await callAction(t.app, 'register', { payload: other, headers: { 'x-device-id': 'shared_device_000001' } });
    const token = await loginOk(t, payload.username);
    const id = BigInt((await memberRow(t, payload.username))!.id);
    const otherId = BigInt((await memberRow(t, other.username))!.id);
    expect(await clusterOf(t.app.deps.db, id)).not.toBeNull();

    const answer = await callAction(t.app, 'mydata', { token });
    const file = JSON.parse(answer.data.content) as { sections: Record<string, Array<Record<string, string | null>>> };
    const signals = file.sections.signals ?? [];
    expect(signals.map((s) => s.kind).sort()).toEqual(['device', 'email', 'ip', 'ip', 'network', 'network', 'phone']);
    for (const s of signals) {
      expect(s).not.toHaveProperty('hash');
      expect(s.member_id).toBe(id.toString());
      expect(s.event).toMatch(/^(signup|signin)$/);
    }
    expect(answer.data.content).not.toContain(other.username);

    expect(await callAction(t.app, 'closeaccount', { token, payload: { password: 'secret123' } })).toMatchObject({ status: 200 });
    clock.advance(8 * DAY);
    expect((await runClosureSweep(t.app.deps)).completed).toBeGreaterThanOrEqual(1);
    expect(await countOf('fraud_signals', id)).toBe(0);
    expect(await countOf('fraud_links', id)).toBe(0);
    expect(await countOf('fraud_signals', otherId)).toBeGreaterThan(0);
  });
});
