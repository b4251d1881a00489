import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { activateAccount } from '../src/modules/activation/activation.service.ts';
import { clusterOf, recordSignals } from '../src/modules/fraud-signals/index.ts';
import { callAction } from './harness.ts';
import { ACTIVATION_CALL, activationStatements, statementsDuring } from './statements.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * activateaccount with its multi-account signals inside the one call (activation_activate and fraud_record_signals,
 * migration 0524, decision 065): the statements after the session check, a sighting left to TypeScript (a device
 * shared with the sponsor), a refused activation keeping no signals, and a reconciled ledger at the end.
 */
const { t, c } = useCountriesApp();
const l3 = useMember({ t, c }, { status: 'active' });
const l2 = useMember({ t, c }, { status: 'active', sponsor: l3 });
const l1 = useMember({ t, c }, { status: 'active', sponsor: l2 });

const ONE_CALL = ACTIVATION_CALL;
let devices = 0;
const newDevice = () => `actcall_${(devices += 1)}_${'q'.repeat(20)}`;
const activate = (m: TestMember, device?: string) =>
  callAction(t.app, 'activateaccount', {
    method: 'POST',
    token: m.token,
    payload: {},
    ...(device ? { headers: { 'x-device-id': device } } : {}),
  });

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  await t.app.deps.reference.at('0');
  return activationStatements(work);
}

async function inactive(deposit: bigint, sponsor: TestMember | null = l1): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes, ...(sponsor ? { sponsor } : {}) });
  if (deposit > 0n) await fund(t, m.id, deposit);
  return m;
}

const activationSignals = (m: TestMember) =>
  t.sql<{ kind: string }>(`SELECT kind FROM fraud_signals WHERE member_id = $1 AND event = 'activation' ORDER BY kind`, [
    m.id.toString(),
  ]);

describe('activateaccount with its signals in the one call', () => {
  it('is one statement with three uplines, besides the SMS after it', async () => {
    const m = await inactive(60_000n);
    const device = newDevice();
    const statements = await statementsOf(async () => {
      expect(await activate(m, device)).toMatchObject({ status: 200, data: { fee: '500.00', commissions_paid: 3 } });
    });
    // Before (migration 0522): begin, 3 statements of signals, the call, 4 SMS, commit.
    expect(statements).toEqual(['begin', ONE_CALL, 'sms', 'sms', 'sms', 'sms', 'commit']);
    expect((await activationSignals(m)).map((row) => row.kind)).toEqual(['device', 'ip', 'network']);
    expect((await wallets(t, m.id)).deposit).toBe(10_000n);
  });

  it('is one statement without an upline', async () => {
    const m = await inactive(50_000n, null);
    const statements = await statementsOf(async () => {
      expect(await activate(m, newDevice())).toMatchObject({ status: 200, data: { commissions_paid: 0 } });
    });
    expect(statements).toEqual(['begin', ONE_CALL, 'sms', 'commit']);
    expect(await activationSignals(m)).toHaveLength(3);
  });

  it('counts every statement as test/money-round-trips.test.ts does: 4 without an upline, 5 with one', async () => {
    const counts: number[] = [];
    for (const sponsor of [null, await createMember(t, { countryId: c.kes, status: 'active' })]) {
      const m = await inactive(50_000n, sponsor);
      await t.app.deps.reference.at('0');
      const { result, statements } = await statementsDuring(() => activate(m));
      expect(result.status).toBe(200);
      // The app's own timers may add statements: the activation's are those of its transaction.
      const own = statements.slice(statements.indexOf('begin'), statements.indexOf('commit') + 1);
      expect(own.filter((text) => /fraud_|pg_advisory/.test(text))).toEqual([]);
      counts.push(own.length);
    }
    // Before (migration 0522): 7 and 8, the signals three statements of their own.
    expect(counts).toEqual([4, 5]);
  });

  it('runs alone on the pool with signals and without SMS', async () => {
    const m = await inactive(50_000n);
    const seen = { device: newDevice(), ip: '198.51.100.90' };
    const { statements } = await statementsDuring(() => activateAccount(t.app.deps, { memberId: m.id, sendSms: false, seen }));
    expect(statements.filter((text) => /activation|fraud_|pg_advisory|^(begin|commit)$/.test(text))).toEqual([ONE_CALL]);
    expect(await activationSignals(m)).toHaveLength(3);
    expect(await t.sql('SELECT 1 FROM sms_outbox WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it('leaves a device shared with the sponsor to TypeScript, then activates without the signals', async () => {
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active', sponsor: l1 });
    const device = newDevice();
    await t.app.deps.db.transaction((tx) =>
      recordSignals(tx, t.app.deps, { memberId: sponsor.id, event: 'signin', at: t.app.deps.clock.now(), signals: { device } }),
    );
    const m = await inactive(50_000n, sponsor);
    const statements = await statementsOf(async () => {
      expect(await activate(m, device)).toMatchObject({ status: 200, data: { commissions_paid: 3 } });
    });
    const calls = statements.filter((text) => text === ONE_CALL);
    // The first call answers `signals` (nothing written), recordSignals runs (its own one call answers fallback, then
    // decision 063's steps), and the call is made again without them.
    expect(calls).toHaveLength(2);
    expect(statements[0]).toBe('begin');
    expect(statements[1]).toBe(ONE_CALL);
    const between = statements.slice(2, statements.lastIndexOf(ONE_CALL));
    expect(between.every((text) => text === 'signals' || text.startsWith('SELECT m.id::text, m.l1_id'))).toBe(true);
    // The held level 1 commission sends no SMS: levels 2, 3 and the activation's.
    expect(statements.slice(statements.lastIndexOf(ONE_CALL))).toEqual([ONE_CALL, 'sms', 'sms', 'sms', 'commit']);
    expect((await activationSignals(m)).map((row) => row.kind)).toEqual(['device', 'ip', 'network']);
    // A sponsor and their recruit on one device: a ring, and the level 1 commission is held (decision 062).
    expect(await clusterOf(t.app.deps.db, m.id)).toMatchObject({ ring: true });
    const holds = await t.sql('SELECT level FROM commission_holds WHERE from_member_id = $1', [m.id.toString()]);
    expect(holds).toEqual([{ level: 1 }]);
  });

  it('leaves a shared device to TypeScript on the pool path too (no SMS)', async () => {
    const sponsor = await createMember(t, { countryId: c.kes, status: 'active', sponsor: l1 });
    const device = newDevice();
    await t.app.deps.db.transaction((tx) =>
      recordSignals(tx, t.app.deps, { memberId: sponsor.id, event: 'signin', at: t.app.deps.clock.now(), signals: { device } }),
    );
    const m = await inactive(50_000n, sponsor);
    const { statements } = await statementsDuring(() =>
      activateAccount(t.app.deps, { memberId: m.id, sendSms: false, seen: { device, ip: '198.51.100.91' } }),
    );
    expect(statements.filter((text) => text === ONE_CALL)).toHaveLength(2);
    expect(statements).toEqual(expect.arrayContaining(['begin', 'commit']));
    expect(await activationSignals(m)).toHaveLength(3);
    expect(await clusterOf(t.app.deps.db, m.id)).toMatchObject({ ring: true });
  });

  it('keeps no signals of a refused activation, on the pool or in the transaction', async () => {
    const short = await inactive(12_345n);
    expect(await activate(short, newDevice())).toMatchObject({
      status: 422,
      msg: 'Insufficient deposit balance. Deposit KES 376.55 to activate your account.',
    });
    await expect(
      activateAccount(t.app.deps, { memberId: short.id, sendSms: false, seen: { device: newDevice(), ip: '198.51.100.92' } }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await activationSignals(short)).toEqual([]);

    const active = await createMember(t, { countryId: c.kes, status: 'active' });
    await expect(
      activateAccount(t.app.deps, { memberId: active.id, sendSms: false, seen: { device: newDevice(), ip: '198.51.100.93' } }),
    ).rejects.toMatchObject({ code: 'ALREADY_DONE', message: 'Your account is already active' });
    expect(await activationSignals(active)).toEqual([]);
    expect(await wallets(t, short.id)).toMatchObject({ deposit: 12_345n });
  });

  it('leaves a reconciled ledger', async () => {
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.orphans).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
