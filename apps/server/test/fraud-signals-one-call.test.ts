import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS, FraudSettingsSchema } from '@tuzo/contracts';
import type { DbOrTx } from '../src/db/client.ts';
import { SettableClock } from '../src/lib/clock.ts';
import {
  clusterOf,
  recordSignals,
  signalsPayload,
  type RawSignals,
  type SignalEvent,
} from '../src/modules/fraud-signals/index.ts';
import { recordSignalsInOneCall } from '../src/modules/fraud-signals/fraud-signals.repository.ts';
import { hashedSignals, recordSignalsStepByStep, signalKey } from '../src/modules/fraud-signals/fraud-signals.service.ts';
import { normaliseAddress, signalHash } from '../src/modules/fraud-signals/normalise.ts';
import { memberRow, registerOk } from './auth-helpers.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, type TestMember } from './money-fixtures.ts';
import { statementsDuring } from './statements.ts';

/**
 * The common sighting in one call (fraud_record_signals, migration 0524, decision 065): the rows it writes are the
 * ones the step-by-step TypeScript path writes; a linking value shared with another member, or a stored `fraud`
 * setting the schema refuses, is left to TypeScript with nothing written; collection off writes nothing; and a
 * sighting is one statement.
 */
const clock = new SettableClock(new Date('2026-07-01T09:00:00Z'));
const { t, c } = useCountriesApp({}, { clock });

const ONE_CALL = 'SELECT fraud_record_signals($1::jsonb) AS r';
const db = () => t.app.deps.db;
const member = (sponsor?: TestMember) => createMember(t, { countryId: c.kes, sponsor: sponsor ?? null });
let devices = 0;
const newDevice = () => `onecall_${(devices += 1)}_${'z'.repeat(20)}`;

interface Step {
  who: number;
  event: SignalEvent;
  minutes: number;
  signals: RawSignals;
}

const sighting = (m: TestMember, step: Step) => ({
  memberId: m.id,
  event: step.event,
  at: new Date(clock.now().getTime() + step.minutes * 60_000),
  signals: step.signals,
});

async function storeFraudSetting(value: unknown): Promise<void> {
  await t.sql(
    `INSERT INTO settings (key, value, updated_at) VALUES ('fraud', $1::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    [JSON.stringify(value)],
  );
}

async function withFraudSetting(value: unknown, run: () => Promise<void>): Promise<void> {
  await storeFraudSetting(value);
  try {
    await run();
  } finally {
    await storeFraudSetting(DEFAULT_FRAUD_SETTINGS);
  }
}

async function rowsOf(ids: readonly bigint[]) {
  const list = ids.map(String);
  const signals = await t.sql(
    `SELECT member_id::text, kind, hash, event, seen_at FROM fraud_signals WHERE member_id = ANY($1::bigint[])
     ORDER BY member_id, kind, hash, event`,
    [list],
  );
  const links = await t.sql(
    `SELECT member_a::text, member_b::text, kind, hash, linking, first_seen_at, last_seen_at FROM fraud_links
     WHERE member_a = ANY($1::bigint[]) OR member_b = ANY($1::bigint[]) ORDER BY member_a, member_b, kind, hash`,
    [list],
  );
  const clusters = await t.sql('SELECT member_id::text FROM fraud_cluster_members WHERE member_id = ANY($1::bigint[])', [list]);
  return { signals, links, clusters };
}

async function forget(ids: readonly bigint[]): Promise<void> {
  const list = ids.map(String);
  await t.sql('DELETE FROM fraud_signals WHERE member_id = ANY($1::bigint[])', [list]);
  await t.sql('DELETE FROM fraud_links WHERE member_a = ANY($1::bigint[]) OR member_b = ANY($1::bigint[])', [list]);
}

const oneCall = (tx: DbOrTx, m: TestMember, step: Step) =>
  recordSignalsInOneCall(tx, signalsPayload(t.app.deps, sighting(m, step))!);

describe('fraud_record_signals', () => {
  it('writes the rows the step-by-step path writes for sightings sharing no linking value', async () => {
    const ms = [await member(), await member(), await member(), await member()];
    const own = ms.map((_, i) => ({
      device: newDevice(),
      email: `one.call.${i}.${devices}@example.com`,
      phone: `07120000${10 + i + devices}`,
      payerPhone: `07130000${10 + i + devices}`,
    }));
    // A public address (decision 063): it links nobody.
    const publicIp = '192.0.2.77';
    const key = signalKey(t.app.deps);
    await t.sql(
      `INSERT INTO fraud_public_values (hash, kind, reason, marked_at) VALUES ($1, 'ip', 'place', now()) ON CONFLICT DO NOTHING`,
      [signalHash(key, 'ip', normaliseAddress(publicIp)!.ip)],
    );
    const steps: Step[] = [
      { who: 0, event: 'signup', minutes: 0, signals: { ...own[0], ip: '198.51.100.21' } },
      { who: 1, event: 'signup', minutes: 1, signals: { ...own[1], ip: '198.51.100.21' } },
      { who: 2, event: 'signin', minutes: 2, signals: { device: own[2]!.device, ip: '198.51.100.22' } },
      // Evidence kinds shared by 2 others: at the limit (max_accounts_per_signal 2), linking no more accounts.
      { who: 3, event: 'signin', minutes: 3, signals: { device: own[3]!.device, ip: '198.51.100.21' } },
      { who: 0, event: 'deposit', minutes: 4, signals: { payerPhone: own[0]!.payerPhone, receiverName: 'Jane  Wanjiku' } },
      { who: 2, event: 'deposit', minutes: 5, signals: { payerPhone: own[2]!.payerPhone, receiverName: 'JANE WANJIKU' } },
      { who: 1, event: 'signin', minutes: 6, signals: { device: own[1]!.device, ip: publicIp } },
      { who: 3, event: 'signin', minutes: 7, signals: { device: own[3]!.device, ip: publicIp } },
      // Seen again later, and earlier (a sighting whose clock is behind): seen_at and last_seen_at only move on.
      { who: 1, event: 'signup', minutes: 9, signals: { ...own[1], ip: '198.51.100.21' } },
      { who: 2, event: 'signin', minutes: -5, signals: { device: own[2]!.device, ip: '198.51.100.22' } },
      { who: 3, event: 'withdrawal', minutes: 10, signals: { payoutPhone: own[3]!.payerPhone, receiverName: 'jane wanjiku' } },
    ];
    const ids = ms.map((m) => m.id);
    await withFraudSetting({ ...DEFAULT_FRAUD_SETTINGS, max_accounts_per_signal: 2 }, async () => {
      const answers: string[] = [];
      for (const step of steps) answers.push(await db().transaction((tx) => oneCall(tx, ms[step.who]!, step)));
      expect(answers).toEqual(steps.map(() => 'recorded'));
      const bySql = await rowsOf(ids);

      await forget(ids);
      for (const step of steps) {
        const input = sighting(ms[step.who]!, step);
        await db().transaction((tx) => recordSignalsStepByStep(tx, input, hashedSignals(t.app.deps, input.signals)));
      }
      const byTs = await rowsOf(ids);
      expect(bySql).toEqual(byTs);
      expect(bySql.clusters).toEqual([]);
      // Not a trivial comparison: evidence links of the network, the address and the receiver's name.
      const kinds = new Set((bySql.links as Array<{ kind: string; linking: boolean }>).map((link) => link.kind));
      expect([...kinds].sort()).toEqual(['ip', 'network', 'receiver_name']);
      expect((bySql.links as Array<{ linking: boolean }>).every((link) => !link.linking)).toBe(true);
      // The fourth member met the limit on the address and the network of 198.51.100.21: no link of theirs on them.
      const address = normaliseAddress('198.51.100.21')!;
      const limited = [signalHash(key, 'ip', address.ip), signalHash(key, 'network', address.network)];
      const fourth = (bySql.links as Array<{ member_a: string; member_b: string; hash: string }>).filter(
        (link) => [link.member_a, link.member_b].includes(ms[3]!.id.toString()) && limited.includes(link.hash),
      );
      expect(fourth).toEqual([]);
      expect((bySql.links as Array<{ hash: string }>).filter((link) => limited.includes(link.hash))).toHaveLength(2);
    });
  });

  it('leaves a shared linking value to TypeScript, writing nothing itself', async () => {
    const sponsor = await member();
    const recruit = await member(sponsor);
    const device = newDevice();
    const first: Step = { who: 0, event: 'signup', minutes: 0, signals: { device, ip: '203.0.113.40' } };
    const second: Step = { who: 1, event: 'signup', minutes: 1, signals: { device, ip: '203.0.113.41' } };
    expect(await db().transaction((tx) => oneCall(tx, sponsor, first))).toBe('recorded');
    expect(await db().transaction((tx) => oneCall(tx, recruit, second))).toBe('fallback');
    expect(await rowsOf([recruit.id])).toEqual({ signals: [], links: [], clusters: [] });
    // recordSignals then does decision 063's work: the sponsor and their recruit on one device are a ring.
    const { statements } = await statementsDuring(() =>
      db().transaction((tx) => recordSignals(tx, t.app.deps, sighting(recruit, second))),
    );
    expect(statements[1]).toBe(ONE_CALL);
    expect(statements.length).toBeGreaterThan(5);
    expect(await clusterOf(db(), recruit.id)).toMatchObject({ ring: true });
    expect((await rowsOf([recruit.id])).signals).toHaveLength(3);
  });

  it('writes nothing with collection off', async () => {
    const m = await member();
    const step: Step = { who: 0, event: 'signin', minutes: 0, signals: { device: newDevice(), ip: '203.0.113.50' } };
    await withFraudSetting({ ...DEFAULT_FRAUD_SETTINGS, collect: false }, async () => {
      expect(await db().transaction((tx) => oneCall(tx, m, step))).toBe('off');
      const { statements } = await statementsDuring(() =>
        db().transaction((tx) => recordSignals(tx, t.app.deps, sighting(m, step))),
      );
      expect(statements).toEqual(['begin', ONE_CALL, 'commit']);
    });
    expect(await rowsOf([m.id])).toEqual({ signals: [], links: [], clusters: [] });
  });

  it('answers none for a sighting without values', async () => {
    const m = await member();
    const payload = { member_id: m.id.toString(), event: 'signin', at: clock.now().toISOString(), values: [] };
    expect(await db().transaction((tx) => recordSignalsInOneCall(tx, payload))).toBe('none');
    expect(
      signalsPayload(t.app.deps, sighting(m, { who: 0, event: 'signin', minutes: 0, signals: { ip: 'nonsense' } })),
    ).toBeNull();
  });

  it('leaves a stored setting the schema refuses to TypeScript, which reads the default', async () => {
    const m = await member();
    const step: Step = { who: 0, event: 'signin', minutes: 0, signals: { device: newDevice(), ip: '203.0.113.60' } };
    // collect false but a fraction of a day: the registry reads the default (collect on), so the sighting is recorded.
    await withFraudSetting({ collect: false, raw_retention_days: 90.5, max_accounts_per_signal: 25 }, async () => {
      expect(await db().transaction((tx) => oneCall(tx, m, step))).toBe('fallback');
      expect(await rowsOf([m.id])).toEqual({ signals: [], links: [], clusters: [] });
      await db().transaction((tx) => recordSignals(tx, t.app.deps, sighting(m, step)));
    });
    expect((await rowsOf([m.id])).signals).toHaveLength(3);
  });

  it('accepts exactly the stored settings FraudSettingsSchema accepts', async () => {
    const base = { collect: true, raw_retention_days: 90, max_accounts_per_signal: 25 };
    const candidates: string[] = [
      JSON.stringify(base),
      JSON.stringify({ ...base, extra: 'kept' }),
      '{"collect": false, "raw_retention_days": 1, "max_accounts_per_signal": 2}',
      '{"collect": true, "raw_retention_days": 3650, "max_accounts_per_signal": 10000}',
      '{"collect": true, "raw_retention_days": 90.0, "max_accounts_per_signal": 2.5e1}',
      '{"collect": true, "raw_retention_days": 0, "max_accounts_per_signal": 25}',
      '{"collect": true, "raw_retention_days": 3651, "max_accounts_per_signal": 25}',
      '{"collect": true, "raw_retention_days": 90, "max_accounts_per_signal": 1}',
      '{"collect": true, "raw_retention_days": 90, "max_accounts_per_signal": 10001}',
      '{"collect": true, "raw_retention_days": 90, "max_accounts_per_signal": 25.5}',
      '{"collect": true, "raw_retention_days": "90", "max_accounts_per_signal": 25}',
      '{"collect": "true", "raw_retention_days": 90, "max_accounts_per_signal": 25}',
      '{"collect": null, "raw_retention_days": 90, "max_accounts_per_signal": 25}',
      '{"raw_retention_days": 90, "max_accounts_per_signal": 25}',
      '{"collect": true, "raw_retention_days": 90}',
      '[true, 90, 25]',
      '"fraud"',
      '25',
      'true',
    ];
    for (const text of candidates) {
      const [row] = await t.sql<{ ok: boolean }>('SELECT fraud_settings_usable($1::jsonb) AS ok', [text]);
      expect(row?.ok, text).toBe(FraudSettingsSchema.safeParse(JSON.parse(text)).success);
    }
  });

  it('records a common sighting in one statement; sign-in and sign-up carry it', async () => {
    const m = await member();
    const step: Step = { who: 0, event: 'signin', minutes: 0, signals: { device: newDevice(), ip: '203.0.113.70' } };
    const { statements } = await statementsDuring(() =>
      db().transaction((tx) => recordSignals(tx, t.app.deps, sighting(m, step))),
    );
    expect(statements).toEqual(['begin', ONE_CALL, 'commit']);
    // The step-by-step path: the locks with the setting, the sharers, the writes.
    const again = sighting(m, { ...step, minutes: 1 });
    const stepByStep = await statementsDuring(() =>
      db().transaction((tx) => recordSignalsStepByStep(tx, again, hashedSignals(t.app.deps, again.signals))),
    );
    expect(stepByStep.statements).toHaveLength(5);

    const signals = (list: string[]) => list.filter((text) => /fraud_|pg_advisory/.test(text));
    const device = newDevice();
    const signup = await statementsDuring(() => registerOk(t, { username: `onecall_${devices}` }));
    expect(signals(signup.statements)).toEqual([ONE_CALL]);
    const row = await memberRow(t, `onecall_${devices}`);
    const signin = await statementsDuring(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api?action=login',
        headers: { 'content-type': 'application/json', 'x-device-id': device },
        payload: JSON.stringify({ username: `onecall_${devices}`, password: 'secret123' }),
      });
      expect(res.statusCode).toBe(200);
    });
    expect(signals(signin.statements)).toEqual([ONE_CALL]);
    expect((await rowsOf([BigInt(row!.id)])).signals.length).toBeGreaterThan(0);
    // For the report: every statement each action sent (the app's timers may add some).
    console.info(
      'sign-up statements',
      signup.statements.length,
      signup.statements.map((text) => text.slice(0, 70)),
    );
    console.info(
      'sign-in statements',
      signin.statements.length,
      signin.statements.map((text) => text.slice(0, 70)),
    );
  });
});
