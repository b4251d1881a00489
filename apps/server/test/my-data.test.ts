import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransaction } from '../src/ledger/ledger.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { EXPORT_COVERAGE, EXPORT_EXCLUDED } from '../src/modules/my-data/my-data.read-model.ts';
import { runClosureSweep } from '../src/modules/my-data/closure.service.ts';
import { mailDropDir } from '../src/modules/password-reset/mailer.ts';
import { loginOk, memberRow, registerOk } from './auth-helpers.ts';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, fund, wallets, type TestMember } from './money-fixtures.ts';

/**
 * A member's own data (decision 040): the export holds every table that names the member, the statement adds up
 * across a day boundary on the app's clock, email and phone corrections, and closing an account.
 */
const clock = new SettableClock(new Date('2026-03-10T19:00:00Z'));
let t: TestApp;
let operator: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createMember(t, { countryId: 1, status: 'active', role: 'operator', prefix: 'op' });
});
afterAll(async () => t.close());

/** A signed-up member with a password ("secret123"), signed in. */
const emailOf = async (id: bigint) =>
  (await t.sql<{ email: string }>('SELECT email FROM members WHERE id = $1', [id.toString()]))[0]?.email;
const phoneOf = async (id: bigint) =>
  (await t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [id.toString()]))[0]?.phone;

async function signedUp(overrides: Record<string, unknown> = {}) {
  const payload = await registerOk(t, overrides);
  const token = await loginOk(t, payload.username);
  const row = await memberRow(t, payload.username);
  if (!row) throw new Error(`${payload.username} was not registered`);
  const id = BigInt(row.id);
  return { ...payload, token, id };
}

/** The audit actions about member `m` that start with `prefix`, oldest first. */
const auditActionsAbout = async (m: { id: bigint }, prefix: string) =>
  (
    await t.sql<{ action: string }>('SELECT action FROM audit_log WHERE target_id = $1 AND action LIKE $2 ORDER BY id', [
      m.id.toString(),
      `${prefix}%`,
    ])
  ).map((row) => row.action);
/**
 * Makes `m` active directly (the activation flow is tested elsewhere), brings money by a deposit and withdraws 500 of
 * it: the pending withdrawal's answer.
 */
async function pendingWithdrawal(m: { id: bigint; token: string }) {
  await t.sql("UPDATE members SET status = 'active', activated_at = now() WHERE id = $1", [m.id.toString()]);
  await fund(t, m.id, 100_000n, 'balance');
  const withdrawal = await post('systemwithdrawal', m.token, { acc: '1', amount: '500' });
  expect(withdrawal.status, withdrawal.msg).toBe(200);
  return withdrawal;
}
const get = (action: string, token: string, query: Record<string, string> = {}) =>
  callAction(t.app, action, { method: 'GET', token, query });
const post = (action: string, token: string | null, payload: unknown) =>
  callAction(t.app, action, { method: 'POST', token, payload });

let moveCounter = 0;
/** Money in or out of a wallet at the app's clock time (the business time a feature gives recordMovement). */
async function move(memberId: bigint, amountMinor: bigint, wallet: 'balance' | 'deposit' = 'balance') {
  moveCounter += 1;
  await t.app.deps.db.transaction((tx) =>
    postTransaction(tx, {
      kind: amountMinor > 0n ? 'deposit' : 'adjustment',
      idempotencyKey: `test:my-data:${memberId}:${moveCounter}`,
      memberId,
      at: clock.now(),
      legs: [
        { account: { system: 'provider:manual' }, amountMinor: -amountMinor },
        { account: { memberId, wallet }, amountMinor },
      ],
    }),
  );
}

describe('download my data', () => {
  it('covers every column that names a member: exported or excluded with a reason, and nothing stale', async () => {
    const named = await t.sql<{ name: string }>(`
      SELECT DISTINCT kcu.table_name || '.' || kcu.column_name AS name
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.table_name = 'members' AND ccu.column_name = 'id'
      UNION
      SELECT c.table_name || '.' || c.column_name FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema AND tb.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.column_name IN ('member_id', 'upline_id', 'payer_id', 'client_id')
      UNION SELECT 'members.id'
      ORDER BY 1`);
    const names = named.map((row) => row.name);
    expect(names.length).toBeGreaterThan(40);
    const accounted = new Set([...EXPORT_COVERAGE, ...Object.keys(EXPORT_EXCLUDED)]);
    expect(names.filter((name) => !accounted.has(name))).toEqual([]);
    // Every entry names a real column, and no column is both exported and excluded.
    expect([...accounted].filter((name) => !names.includes(name))).toEqual([]);
    expect(EXPORT_COVERAGE.filter((name) => name in EXPORT_EXCLUDED)).toEqual([]);
    for (const reason of Object.values(EXPORT_EXCLUDED)) expect(reason.length).toBeGreaterThan(20);
  });

  it('answers JSON with the sections filled and no secrets, and the same data as one CSV; audited', async () => {
    const m = await signedUp();
    await fund(t, m.id, 12_345n, 'deposit');
    const pin = { pin: '4826', pin_confirmation: '4826', password: 'secret123' };
    expect(await post('setussdpin', m.token, pin)).toMatchObject({ status: 200 });
    const json = await get('mydata', m.token);
    expect(json).toMatchObject({ status: 200, data: { content_type: 'application/json' } });
    expect(json.data.filename).toMatch(/^tuzo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(json.data.content) as { sections: Record<string, Array<Record<string, string | null>>> };
    expect(file.sections.profile?.[0]).toMatchObject({
      username: m.username,
      email: m.email,
      language: 'en',
      sms_commission: 'true',
    });
    expect(file.sections.consents).toEqual([
      {
        language: 'en',
        sms_commission: 'true',
        sms_promotions: 'false',
        casino_age_confirmed_at: null,
        casino_excluded_until: null,
        casino_excluded_forever: 'false',
      },
    ]);
    expect(file.sections.wallets?.find((row) => row.wallet === 'deposit')?.balance_minor).toBe('12345');
    expect(file.sections.ledger?.some((row) => row.amount_minor === '12345' && row.wallet === 'deposit')).toBe(true);
    expect(file.sections.sessions?.length).toBeGreaterThan(0);
    for (const name of ['deposits', 'withdrawals', 'payouts', 'transfers', 'team_counts', 'notifications', 'closures'])
      expect(file.sections[name], name).toBeInstanceOf(Array);
    expect(json.data.content).not.toMatch(/password_hash|pin_hash|token_hash|\$argon2/);

    const csv = await get('mydata', m.token, { format: 'csv' });
    expect(csv.data.content_type).toBe('text/csv');
    const lines = (csv.data.content as string).split('\r\n');
    expect(lines[0]).toBe('section,row,field,value');
    expect(lines).toContain(`profile,1,username,${m.username}`);
    expect(lines.some((line) => /^wallets,\d+,balance_minor,12345$/.test(line))).toBe(true);
    const [audit] = await t.sql("SELECT action FROM audit_log WHERE actor_id = $1 AND action = 'member.data_export'", [
      m.id.toString(),
    ]);
    expect(audit).toBeDefined();
  });

  it('leaves out staff ids and provider ids (decision 046): a withdrawal an operator declined', async () => {
    const m = await signedUp();
    const withdrawal = await pendingWithdrawal(m);
    expect((await post('updatetrans', operator.token, { tid: withdrawal.data.id, value: 1 })).status).toBe(200);
    const [decided] = await t.sql<{ decided_by: string }>('SELECT decided_by::text FROM withdrawals WHERE id = $1', [
      withdrawal.data.id,
    ]);
    expect(decided?.decided_by).toBe(operator.id.toString());
    // An audit row about the member naming the staff who asked and approved (as four-eyes executions write them).
    await t.sql(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after)
       VALUES ($1, 'test.staff_action', 'member', $2, NULL, $3)`,
      [
        operator.id.toString(),
        m.id.toString(),
        JSON.stringify({ requestedBy: operator.id.toString(), approvedBy: '99', reference: 'TZPX', reason: 'checked' }),
      ],
    );
    const json = await get('mydata', m.token);
    const file = JSON.parse(json.data.content) as { sections: Record<string, Array<Record<string, string | null>>> };
    expect(file.sections.withdrawals).toHaveLength(1);
    expect(file.sections.withdrawals?.[0]).toMatchObject({ status: '1' });
    expect(file.sections.withdrawals?.[0]).not.toHaveProperty('decided_by');
    for (const row of file.sections.activity ?? []) {
      for (const value of [row.before, row.after]) {
        if (value === null || value === undefined) continue;
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed !== 'object' || parsed === null) continue;
        for (const key of ['requestedBy', 'approvedBy', 'decidedBy', 'operatorId', 'actorId', 'reference', 'conversationId'])
          expect(parsed, `${row.action} ${key}`).not.toHaveProperty(key);
      }
    }
    const staffAction = file.sections.activity?.find((row) => row.action === 'test.staff_action');
    expect(staffAction).toMatchObject({ by: 'staff' });
    expect(JSON.parse(staffAction!.after!)).toEqual({ reason: 'checked' });
    for (const column of ['reference', 'conversation_id', 'approved_by', 'query_conversation_id']) {
      for (const payout of file.sections.payouts ?? []) expect(payout).not.toHaveProperty(column);
    }
    for (const column of ['checkout_request_id', 'merchant_request_id', 'tx_ref', 'provider_ref']) {
      for (const deposit of file.sections.deposits ?? []) expect(deposit).not.toHaveProperty(column);
    }
  });

  it('refuses a bad format and staff', async () => {
    const m = await signedUp();
    expect(await get('mydata', m.token, { format: 'xml' })).toMatchObject({ status: 400, msg: 'format must be json or csv' });
    expect((await get('mydata', operator.token)).status).toBe(403);
  });
});

describe('statement', () => {
  it('opening + movements = closing per wallet, across a day boundary in Nairobi time, and the closing equals the wallet', async () => {
    clock.set(new Date('2026-03-10T19:00:00Z')); // 22:00 on 10 March in Nairobi
    const m = await signedUp();
    await move(m.id, 50_000n);
    clock.set(new Date('2026-03-10T20:59:00Z')); // 23:59 on 10 March
    await move(m.id, -1_000n);
    clock.set(new Date('2026-03-10T21:01:00Z')); // 00:01 on 11 March
    await move(m.id, 2_500n);
    await move(m.id, 700n, 'deposit');

    const day11 = await get('statement', m.token, { from: '2026-03-11', to: '2026-03-11' });
    expect(day11.status).toBe(200);
    const balance = day11.data.wallets.find((w: { wallet: string }) => w.wallet === 'balance');
    expect(balance).toMatchObject({ opening: '490.00', credits: '25.00', debits: '0.00', closing: '515.00' });
    expect(balance.lines).toHaveLength(1);
    expect(balance.lines[0]).toMatchObject({ amount: '25.00', balance: '515.00', kind: 'deposit' });
    const now = await wallets(t, m.id);
    expect(balance.closing).toBe('515.00');
    expect(now.balance).toBe(51_500n);
    expect(day11.data.wallets.find((w: { wallet: string }) => w.wallet === 'deposit')).toMatchObject({
      opening: '0.00',
      closing: '7.00',
    });

    const both = await get('statement', m.token, { from: '2026-03-10', to: '2026-03-11' });
    const whole = both.data.wallets.find((w: { wallet: string }) => w.wallet === 'balance');
    expect(whole).toMatchObject({ opening: '0.00', credits: '525.00', debits: '-10.00', closing: '515.00' });
    expect(whole.lines.map((line: { balance: string }) => line.balance)).toEqual(['500.00', '490.00', '515.00']);

    const day10 = await get('statement', m.token, { from: '2026-03-10', to: '2026-03-10' });
    expect(day10.data.wallets.find((w: { wallet: string }) => w.wallet === 'balance')).toMatchObject({
      opening: '0.00',
      closing: '490.00',
    });

    const csv = await get('statementcsv', m.token, { from: '2026-03-10', to: '2026-03-11' });
    expect(csv.data.filename).toBe('tuzo-statement-2026-03-10-to-2026-03-11.csv');
    const lines = (csv.data.content as string).split('\r\n');
    expect(lines[0]).toBe('wallet,at,entry,transaction_id,memo,amount,balance,currency');
    expect(lines).toContain('balance,2026-03-10,opening balance,,,,0.00,KES');
    expect(lines).toContain('balance,2026-03-11,closing balance,,,,515.00,KES');
  });

  it.each([
    [{ from: '2026-03-12', to: '2026-03-11' }, 'from must not be after to'],
    [{ from: '2026-02-30', to: '2026-03-11' }, 'from must be a real date like 2026-01-31'],
    [{ from: '2024-01-01', to: '2026-03-11' }, 'A statement covers at most 366 days'],
    [{ to: '2026-03-11' }, 'from must be a real date like 2026-01-31'],
  ])('refuses %j with 400', async (query, msg) => {
    const m = await signedUp();
    expect(await get('statement', m.token, query as Record<string, string>)).toMatchObject({ status: 400, msg });
  });
});

describe('correcting email and phone', () => {
  async function latestLink(email: string): Promise<string> {
    const rows = await t.sql<{ id: string; body: string }>(
      "SELECT id::text, body FROM outbox WHERE recipient = $1 AND kind = 'email_change' ORDER BY id DESC LIMIT 1",
      [email],
    );
    expect(rows[0]?.body).toContain('/confirm-email?token=[redacted]\n');
    const mail = await readFile(path.join(mailDropDir(t.app.deps), `${rows[0]?.id}.txt`), 'utf8');
    const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail);
    if (!match?.[1]) throw new Error(`No confirmation link mailed to ${email}`);
    return match[1];
  }

  it('changes the email only when the link mailed to the new address is opened, once; audited', async () => {
    const m = await signedUp();
    const other = await signedUp();
    expect(await post('changeemail', m.token, { email: 'new@example.com', password: 'wrong1' })).toMatchObject({
      status: 400,
      msg: 'Password is incorrect',
    });
    expect(await post('changeemail', m.token, { email: other.email.toUpperCase(), password: 'secret123' })).toMatchObject({
      status: 409,
      msg: 'Email is already registered',
    });
    expect(await post('changeemail', m.token, { email: m.email, password: 'secret123' })).toMatchObject({ status: 409 });
    expect(await post('changeemail', m.token, { email: 'not-an-email', password: 'secret123' })).toMatchObject({
      status: 400,
      msg: 'Invalid email address',
    });
    const asked = await post('changeemail', m.token, { email: `fresh_${m.username}@example.com`, password: 'secret123' });
    expect(asked).toMatchObject({ status: 200, data: { pending_email: `fresh_${m.username}@example.com` } });
    expect(await emailOf(m.id)).toBe(m.email);
    const token = await latestLink(`fresh_${m.username}@example.com`);
    const [stored] = await t.sql<{ token_hash: string }>('SELECT token_hash FROM email_changes WHERE member_id = $1', [
      m.id.toString(),
    ]);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(token);
    expect(await post('confirmemail', null, { token })).toMatchObject({
      status: 200,
      data: { email: `fresh_${m.username}@example.com` },
    });
    expect(await emailOf(m.id)).toBe(`fresh_${m.username}@example.com`);
    expect(await post('confirmemail', null, { token })).toMatchObject({
      status: 400,
      msg: 'This confirmation link is invalid or has expired',
    });
    expect(await auditActionsAbout(m, 'member.email')).toEqual(['member.email_change_requested', 'member.email_changed']);
  });

  it('expires the link after 24 hours on the app clock', async () => {
    const m = await signedUp();
    await post('changeemail', m.token, { email: `late_${m.username}@example.com`, password: 'secret123' });
    const token = await latestLink(`late_${m.username}@example.com`);
    clock.advance(24 * 3_600_000 + 1_000);
    expect(await post('confirmemail', null, { token })).toMatchObject({ status: 400 });
    expect(await post('confirmemail', null, { token: 'short' })).toMatchObject({
      status: 400,
      msg: 'The confirmation link is incomplete',
    });
  });

  it('changes the phone with the password and the SMS code, normalised as at sign-up, refusing a number another member holds; audited', async () => {
    const m = await signedUp();
    const other = await signedUp();
    expect(await post('changephone', m.token, { phone: other.phone, password: 'secret123' })).toMatchObject({
      status: 409,
      msg: 'Phone number is already registered',
    });
    expect(await post('changephone', m.token, { phone: '+254799000111', password: 'nope12' })).toMatchObject({ status: 400 });
    expect(await post('changephone', m.token, { phone: 'abc', password: 'secret123' })).toMatchObject({ status: 400 });
    // The phone changes only with the code sent by SMS to the new phone (decision 045, test/phone-change.test.ts).
    const changed = await post('changephone', m.token, { phone: '0799000111', password: 'secret123' });
    expect(changed).toMatchObject({ status: 200, data: { pending_phone: '+254799000111' } });
    expect(await phoneOf(m.id)).not.toBe('+254799000111');
    const [sms] = await t.sql<{ phone: string; text: string }>(
      "SELECT phone, text FROM sms_outbox WHERE member_id = $1 AND kind = 'phone_change_code'",
      [m.id.toString()],
    );
    expect(sms?.phone).toBe('+254799000111');
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    expect(await post('confirmphone', m.token, { code })).toMatchObject({ status: 200, data: { phone: '+254799000111' } });
    expect(await phoneOf(m.id)).toBe('+254799000111');
    const [audit] = await t.sql<{ before: { phone: string } }>(
      "SELECT before FROM audit_log WHERE action = 'member.phone_changed' AND target_id = $1",
      [m.id.toString()],
    );
    expect(audit?.before.phone).toBe(m.phone.startsWith('+') ? m.phone : `+${m.phone}`);
  });
});

describe('closing an account', () => {
  it('is refused while a wallet holds money, then requested, shown to operators with the days left, and cancellable', async () => {
    const m = await signedUp();
    await fund(t, m.id, 100n, 'balance');
    const refused = await post('closeaccount', m.token, { password: 'secret123' });
    expect(refused).toMatchObject({
      status: 409,
      msg: 'Your wallets still hold money (balance). Withdraw your balances first, then ask again.',
    });
    await move(m.id, -100n);
    expect(await post('closeaccount', m.token, { password: 'wrong1' })).toMatchObject({
      status: 400,
      msg: 'Password is incorrect',
    });
    const asked = await post('closeaccount', m.token, { password: 'secret123' });
    expect(asked).toMatchObject({ status: 200, data: { state: 'requested', days_left: 7 } });
    expect(await post('closeaccount', m.token, { password: 'secret123' })).toMatchObject({
      status: 409,
      msg: 'You have already asked to close your account',
    });
    clock.advance(2 * 86_400_000);
    const queue = await get('adminclosures', operator.token, { state: 'requested' });
    expect(queue.data.rows.find((row: { username: string }) => row.username === m.username)).toMatchObject({
      days_left: 5,
      state: 'requested',
    });
    expect((await get('adminclosures', m.token)).status).toBe(403);
    expect(await post('cancelclose', m.token, {})).toMatchObject({ status: 200, data: { state: 'cancelled' } });
    expect(await get('myclosure', m.token)).toMatchObject({ data: { closure: { state: 'cancelled', days_left: 0 } } });
    expect(await auditActionsAbout(m, 'member.closure')).toEqual(['member.closure_requested', 'member.closure_cancelled']);
  });

  it('is refused while a withdrawal is pending, whatever the wallets hold', async () => {
    const m = await signedUp();
    await pendingWithdrawal(m);
    expect(await post('closeaccount', m.token, { password: 'secret123' })).toMatchObject({
      status: 409,
      msg: 'A withdrawal is still pending. Wait until it is paid or declined, then ask again.',
    });
    expect(await get('myclosure', m.token)).toMatchObject({ status: 200, data: { closure: null } });
  });

  it('completes after 7 days by the sweep: personal fields pseudonymised, sessions removed, ledger rows kept', async () => {
    const m = await signedUp();
    await fund(t, m.id, 5_000n, 'balance');
    await move(m.id, -5_000n);
    const postingsBefore = await t.sql(
      'SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = $1',
      [m.id.toString()],
    );
    await post('closeaccount', m.token, { password: 'secret123' });
    clock.advance(6 * 86_400_000);
    expect((await runClosureSweep(t.app.deps)).completed).toBe(0);
    clock.advance(86_400_000 + 1_000);
    expect(await runClosureSweep(t.app.deps)).toMatchObject({ completed: 1, blocked: 0 });
    const [row] = await t.sql<{ username: string; email: string; phone: string; status: string; closed_at: Date | null }>(
      'SELECT username, email, phone, status, closed_at FROM members WHERE id = $1',
      [m.id.toString()],
    );
    expect(row).toMatchObject({
      username: `closed_${m.id}`,
      email: `closed_${m.id}@closed.invalid`,
      phone: `closed:${m.id}`,
      status: 'suspended',
    });
    expect(row?.closed_at).not.toBeNull();
    expect(await t.sql('SELECT id FROM sessions WHERE member_id = $1', [m.id.toString()])).toEqual([]);
    expect((await get('userdata', m.token)).status).toBe(401);
    expect((await callAction(t.app, 'login', { payload: { username: m.username, password: 'secret123' } })).status).toBe(400);
    const postingsAfter = await t.sql(
      'SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = $1',
      [m.id.toString()],
    );
    expect(postingsAfter).toEqual(postingsBefore);
    const [audit] = await t.sql<{ actor_id: string | null; after: { by: string } }>(
      "SELECT actor_id, after FROM audit_log WHERE action = 'member.closure_completed' AND target_id = $1",
      [m.id.toString()],
    );
    expect(audit).toMatchObject({ actor_id: null, after: { by: 'sweep' } });
    expect(JSON.stringify(await t.sql('SELECT * FROM members WHERE id = $1', [m.id.toString()]))).not.toContain(m.email);
  });

  it('is completed by an operator before the 7 days, refused when money arrived meanwhile, and only for open requests', async () => {
    const m = await signedUp();
    await post('closeaccount', m.token, { password: 'secret123' });
    const id = (await get('myclosure', m.token)).data.closure.id as string;
    await fund(t, m.id, 300n, 'deposit');
    expect(await post('admincompleteclosure', operator.token, { id })).toMatchObject({
      status: 409,
      msg: 'This account cannot be closed yet: Your wallets still hold money (deposit). Withdraw your balances first, then ask again.',
    });
    await move(m.id, -300n, 'deposit');
    const done = await post('admincompleteclosure', operator.token, { id });
    expect(done).toMatchObject({
      status: 200,
      data: { state: 'completed', username: `closed_${m.id}`, completed_by: operator.username },
    });
    expect(await post('admincompleteclosure', operator.token, { id })).toMatchObject({
      status: 409,
      msg: 'This request is already completed',
    });
    expect(await post('admincompleteclosure', operator.token, { id: 'abc' })).toMatchObject({ status: 400 });
    expect(await post('admincompleteclosure', operator.token, { id: '999999' })).toMatchObject({ status: 404 });
  });
});
