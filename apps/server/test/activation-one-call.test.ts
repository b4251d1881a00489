import { describe, expect, it, vi } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { activateAccount } from '../src/modules/activation/activation.service.ts';
import { callAction } from './harness.ts';
import { ACTIVATION_CALL, activationStatements } from './statements.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

/**
 * activateaccount in one call to PostgreSQL (activation_activate, migration 0522, decision 065): the statements after
 * the session check, the refusals answered by the call with nothing moved, replays under an Idempotency-Key, and a
 * reconciled ledger at the end.
 */
const { t, c } = useCountriesApp();
const l3 = useMember({ t, c }, { status: 'active' });
const l2 = useMember({ t, c }, { status: 'active', sponsor: l3 });
const l1 = useMember({ t, c }, { status: 'active', sponsor: l2 });

const ONE_CALL = ACTIVATION_CALL;
const activate = (m: TestMember, headers?: Record<string, string>) =>
  callAction(t.app, 'activateaccount', { method: 'POST', token: m.token, payload: {}, ...(headers ? { headers } : {}) });

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  await t.app.deps.reference.at('0');
  return activationStatements(work);
}

async function inactive(deposit: bigint, sponsor: TestMember | null = l1): Promise<TestMember> {
  const m = await createMember(t, { countryId: c.kes, ...(sponsor ? { sponsor } : {}) });
  if (deposit > 0n) await fund(t, m.id, deposit);
  return m;
}

describe('activateaccount in one call', () => {
  it('activates in one statement after the session check, signals included, besides the SMS after it', async () => {
    const m = await inactive(60_000n);
    const before = await wallets(t, l1.id);
    let status = 0;
    const statements = await statementsOf(async () => {
      const res = await activate(m);
      status = res.status;
      expect(res).toMatchObject({ status: 200, data: { fee: '500.00', currency: 'KES', commissions_paid: 3 } });
    });
    expect(status).toBe(200);
    // Before: 13 statements with no upline, 18 with one (decision 065). Now the multi-account signals (decision 061,
    // migration 0524), the money, the activation row, the status and the notifications are the one call; the outbox
    // rows of the SMS (rendered by the sms module: 3 commissions and the activation) stay in the transaction around it.
    expect(statements).toEqual(['begin', ONE_CALL, 'sms', 'sms', 'sms', 'sms', 'commit']);
    expect(statements.filter((text) => text === ONE_CALL)).toHaveLength(1);
    expect((await wallets(t, m.id)).deposit).toBe(10_000n);
    expect((await wallets(t, l1.id)).balance - before.balance).toBe(25_000n);
    const outbox = await t.sql<{ kind: string; dedupe_key: string }>(
      `SELECT kind, dedupe_key FROM sms_outbox WHERE dedupe_key LIKE $1 ORDER BY id`,
      [`%activation:${m.id}:%`],
    );
    expect(outbox).toEqual([
      { kind: 'commission_earned', dedupe_key: `commission_earned:activation:${m.id}:1:l1` },
      { kind: 'commission_earned', dedupe_key: `commission_earned:activation:${m.id}:1:l2` },
      { kind: 'commission_earned', dedupe_key: `commission_earned:activation:${m.id}:1:l3` },
      { kind: 'account_activated', dedupe_key: `account_activated:activation:${m.id}:1` },
    ]);
    const notes = await t.sql<{ msg: string }>(
      'SELECT msg FROM member_notifications WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [l1.id.toString()],
    );
    expect(notes[0]?.msg).toBe(`You earned KES 250.00: your level 1 member ${m.username} activated their account.`);
  });

  it('runs alone on the pool as a named statement when there are no signals and no SMS (the seed)', async () => {
    const m = await inactive(50_000n, null);
    const spy = vi.spyOn(t.app.deps.pool, 'query');
    try {
      expect(await activateAccount(t.app.deps, { memberId: m.id, sendSms: false })).toMatchObject({
        fee: '500.00',
        currency: 'KES',
        commissions_paid: 0,
      });
      const calls = spy.mock.calls.map(([query]) => query as unknown as { name?: string; text: string });
      expect(calls.map((query) => ({ name: query.name, text: query.text }))).toEqual([
        { name: 'activation_activate', text: ONE_CALL },
      ]);
    } finally {
      spy.mockRestore();
    }
    const rows = await t.sql<{ status: string; generation: number; is_free: boolean; fee: string }>(
      `SELECT m.status, a.generation, a.is_free, a.fee_system_minor::text AS fee
       FROM members m JOIN activations a ON a.member_id = m.id WHERE m.id = $1`,
      [m.id.toString()],
    );
    expect(rows).toEqual([{ status: 'active', generation: 1, is_free: false, fee: '50000' }]);
    expect(await t.sql('SELECT 1 FROM sms_outbox WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it('answers every refusal from the one call, moving nothing', async () => {
    const short = await inactive(12_345n);
    const before = await wallets(t, l1.id);
    expect(await activate(short)).toMatchObject({
      status: 422,
      msg: 'Insufficient deposit balance. Deposit KES 376.55 to activate your account.',
    });
    const empty = await inactive(0n);
    expect(await activate(empty)).toMatchObject({
      status: 422,
      msg: 'Insufficient deposit balance. Deposit KES 500.00 to activate your account.',
    });
    expect(await wallets(t, short.id)).toMatchObject({ deposit: 12_345n });

    const active = await createMember(t, { countryId: c.kes, status: 'active' });
    await fund(t, active.id, 50_000n);
    expect(await activate(active)).toMatchObject({ status: 409, msg: 'Your account is already active' });
    expect((await wallets(t, active.id)).deposit).toBe(50_000n);

    // Suspended after the session check (the check itself turns a suspended member away, 401, as before).
    const suspended = await createMember(t, { countryId: c.kes, status: 'suspended', sponsor: l1 });
    await fund(t, suspended.id, 50_000n);
    await expect(activateAccount(t.app.deps, { memberId: suspended.id })).rejects.toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended',
    });
    expect(await activate(suspended)).toMatchObject({ status: 401 });
    await expect(activateAccount(t.app.deps, { memberId: 999_999_999n, sendSms: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Member not found',
    });
    expect((await wallets(t, suspended.id)).deposit).toBe(50_000n);
    expect(await wallets(t, l1.id)).toEqual(before);
    const written = await t.sql('SELECT 1 FROM activations WHERE member_id = ANY($1::bigint[])', [
      [short.id, empty.id, active.id, suspended.id].map(String),
    ]);
    expect(written).toEqual([]);
  });

  it('pays no upline where referral commissions are off for the country', async () => {
    const m = await inactive(50_000n);
    const before = await wallets(t, l1.id);
    await t.sql(
      `INSERT INTO settings (key, value)
       SELECT 'referral_disabled_countries', jsonb_build_array(abbreviation) FROM countries WHERE id = $1
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [c.kes],
    );
    try {
      expect(await activate(m)).toMatchObject({ status: 200, data: { commissions_paid: 0 } });
    } finally {
      await t.sql(`DELETE FROM settings WHERE key = 'referral_disabled_countries'`);
    }
    expect(await wallets(t, l1.id)).toEqual(before);
    expect((await wallets(t, m.id)).deposit).toBe(0n);
  });

  it('shows an upline of another country the commission in their own currency, in the notification and the SMS', async () => {
    const up = await createMember(t, { countryId: c.ugx, status: 'active' });
    const m = await createMember(t, { countryId: c.kes, sponsor: up });
    await fund(t, m.id, 50_000n);
    expect(await activate(m)).toMatchObject({ status: 200, data: { commissions_paid: 1 } });
    // KES 250.00 is 25,000 system units; at 28.5 UGX per unit, UGX 7,125.00.
    expect((await wallets(t, up.id)).balance).toBe(25_000n);
    const notes = await t.sql<{ msg: string }>('SELECT msg FROM member_notifications WHERE member_id = $1', [up.id.toString()]);
    expect(notes.map((n) => n.msg)).toContain(
      `You earned UGX 7125.00: your level 1 member ${m.username} activated their account.`,
    );
    const sms = await t.sql<{ text: string }>(`SELECT text FROM sms_outbox WHERE member_id = $1 AND kind = 'commission_earned'`, [
      up.id.toString(),
    ]);
    expect(sms.map((row) => row.text).join(' ')).toContain('UGX 7,125.00');
  });

  it('replays the first answer under the same Idempotency-Key; another key is 409 and charges nothing', async () => {
    const m = await inactive(60_000n);
    const first = await activate(m, { 'idempotency-key': 'activation-one-call-0001' });
    expect(first).toMatchObject({ status: 200, data: { fee: '500.00', commissions_paid: 3 } });
    const again = await activate(m, { 'idempotency-key': 'activation-one-call-0001' });
    expect(again).toEqual(first);
    const other = await activate(m, { 'idempotency-key': 'activation-one-call-0002' });
    expect(other).toMatchObject({ status: 409, msg: 'Your account is already active' });
    expect((await wallets(t, m.id)).deposit).toBe(10_000n);
    const charged = await t.sql(`SELECT 1 FROM ledger_transactions WHERE kind = 'activation' AND member_id = $1`, [
      m.id.toString(),
    ]);
    expect(charged).toHaveLength(1);
  });

  it('lets exactly one of 8 concurrent activations charge', async () => {
    const m = await inactive(200_000n);
    const results = await Promise.all(Array.from({ length: 8 }, () => activate(m)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await wallets(t, m.id)).deposit).toBe(150_000n);
  });

  it('leaves a reconciled ledger', async () => {
    const report = await reconcileLedger(t.app.deps.db);
    expect(report.orphans).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
