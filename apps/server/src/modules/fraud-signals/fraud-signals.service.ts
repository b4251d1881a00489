import { createHmac } from 'node:crypto';
import { DEFAULT_FRAUD_SETTINGS, type SignalKind } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { loadSecretKeys } from '../../lib/secret-keys.ts';
import { parseSettings } from '../settings/index.ts';
import { unionMembers } from './clusters.service.ts';
import {
  lockClusterChanges,
  lockSignalHashes,
  recordSignalsInOneCall,
  selectClusterIds,
  selectSharers,
  upsertSignalsAndLinks,
  type HashedSignal,
} from './fraud-signals.repository.ts';
import { classify, makePublic, placeDevices, type PublicValue, type Sharer } from './public-values.ts';
import { selectLineages, upgradeLinks } from './public-values.repository.ts';
import { normaliseAddress, normaliseDevice, normaliseEmail, normaliseName, normalisePhone, signalHash } from './normalise.ts';

export type SignalEvent = 'signup' | 'signin' | 'activation' | 'deposit' | 'withdrawal' | 'payout';

/** Raw values as a collection point has them; each is normalised and hashed, a missing or unusable one skipped. */
export interface RawSignals {
  device?: string | null;
  ip?: string | null;
  payerPhone?: string | null;
  payoutPhone?: string | null;
  receiverName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** Kinds that join clusters; ip, network and receiver_name are evidence shown to operators, never a union. */
export const LINKING_KINDS: ReadonlySet<SignalKind> = new Set(['device', 'payer_phone', 'payout_phone', 'email', 'phone']);

/** What recordSignals needs: the configuration (the key's source) and, in the app, the loaded secret box. */
export type SignalDeps = Pick<AppDeps, 'config'> & Partial<Pick<AppDeps, 'secrets'>>;

const keys = new WeakMap<object, Buffer>();

/**
 * The HMAC key of signal hashes: derived from the server's secret key (TUZO_SECRET_KEY, or DATA_DIR/secret.key in
 * development), never stored. A key rotation starts new hashes: links already made stay (decision 061).
 */
export function signalKey(deps: SignalDeps): Buffer {
  const holder = deps.secrets ?? deps.config;
  let key = keys.get(holder);
  if (!key) {
    const base = deps.secrets?.current.key ?? loadSecretKeys(deps.config).box.current.key;
    key = createHmac('sha256', base).update('tuzo fraud signals v1').digest();
    keys.set(holder, key);
  }
  return key;
}

/** The normalised values of `signals` by kind (an address gives its ip and its network). */
export function signalValues(signals: RawSignals): Array<{ kind: SignalKind; value: string }> {
  const address = normaliseAddress(signals.ip);
  const values: Array<[SignalKind, string | null]> = [
    ['device', normaliseDevice(signals.device)],
    ['ip', address?.ip ?? null],
    ['network', address?.network ?? null],
    ['payer_phone', normalisePhone(signals.payerPhone)],
    ['payout_phone', normalisePhone(signals.payoutPhone)],
    ['receiver_name', normaliseName(signals.receiverName)],
    ['email', normaliseEmail(signals.email)],
    ['phone', normalisePhone(signals.phone)],
  ];
  return values.flatMap(([kind, value]) => (value === null ? [] : [{ kind, value }]));
}

/** A sighting: what was seen of a member at `event`, at `at`. */
export interface Sighting {
  memberId: bigint;
  event: SignalEvent;
  at: Date;
  signals: RawSignals;
}

/** The keyed hash of each normalised value of `signals` (decision 061). */
export function hashedSignals(deps: SignalDeps, signals: RawSignals): HashedSignal[] {
  const key = signalKey(deps);
  return signalValues(signals).map(({ kind, value }) => ({ kind, hash: signalHash(key, kind, value) }));
}

function payloadOf(input: Omit<Sighting, 'signals'>, values: readonly HashedSignal[]): Record<string, unknown> {
  return {
    member_id: input.memberId.toString(),
    event: input.event,
    at: input.at.toISOString(),
    values,
    linking: [...LINKING_KINDS],
    default: DEFAULT_FRAUD_SETTINGS,
  };
}

/**
 * The payload of `fraud_record_signals` (migration 0524) for a sighting, not executed, or null when nothing usable was
 * seen: another module's SQL function records the signals inside its own one call (as `activation_activate` does,
 * under the key `signals`) and, when it answers `fallback` (nothing written), the caller runs recordSignals in its
 * transaction.
 */
export function signalsPayload(deps: SignalDeps, input: Sighting): Record<string, unknown> | null {
  const values = hashedSignals(deps, input.signals);
  return values.length === 0 ? null : payloadOf(input, values);
}

/**
 * Records what was seen of a member at `event`, inside the caller's transaction (decision 061): stores each value's
 * keyed hash, links the member with every other member who showed it, and joins their clusters for linking kinds
 * once two of those accounts are of one referral line (decision 063; evidence until then); a value shown by
 * strangers or too many accounts turns public and links nobody. A union that puts a member and one of their uplines
 * together opens the cluster as a case. A no-op when `fraud.collect` is off.
 *
 * One statement for the common sighting (`fraud_record_signals`, migration 0524, decision 065): no linking value
 * shared with another member, the stored setting one the schema accepts. Otherwise (`fallback`, nothing written) the
 * step-by-step path below, which takes the same locks again (re-entrant within the transaction).
 *
 * Takes transaction-scoped advisory locks (each value's hash, then one for cluster changes when a union is due),
 * held to the caller's commit: call it before the transaction locks money rows (wallets), as every collection point
 * does, so these locks always come before ledger locks and two transactions never wait on each other in a circle.
 */
export async function recordSignals(tx: DbOrTx, deps: SignalDeps, input: Sighting): Promise<void> {
  const values = hashedSignals(deps, input.signals);
  if (values.length === 0) return;
  if ((await recordSignalsInOneCall(tx, payloadOf(input, values))) !== 'fallback') return;
  await recordSignalsStepByStep(tx, input, values);
}

/**
 * The sighting in TypeScript, statement by statement: what recordSignals did before migration 0524, and still does
 * when the one call leaves it the sighting (a linking value shared, a stored setting the schema refuses).
 */
export async function recordSignalsStepByStep(
  tx: DbOrTx,
  input: Omit<Sighting, 'signals'>,
  values: readonly HashedSignal[],
): Promise<void> {
  if (values.length === 0) return;
  const { memberId, at } = input;
  // The locks and the `fraud` setting in one round trip; with collection off the locks are simply let go at the end.
  const stored = await lockSignalHashes(
    tx,
    values.map((value) => value.hash),
  );
  const settings = parseSettings(['fraud'], { fraud: stored }).fraud;
  if (!settings.collect) return;
  const limit = settings.max_accounts_per_signal;
  const { known, sharers } = await selectSharers(tx, { values, memberId, limit });
  const { turning, lineShared } = await assess(tx, { values, known, sharers, memberId, limit, at });
  // A value already shown by `limit` other accounts (evidence kinds), or turning public now, links no more accounts;
  // a value shared only by accounts of which none recruited another is evidence until one line shares it (063).
  const shownBy = new Map<string, number>();
  for (const sharer of sharers) shownBy.set(sharer.hash, (shownBy.get(sharer.hash) ?? 0) + 1);
  const publicNow = new Set(turning.map((value) => value.hash));
  const links = sharers
    .filter((sharer) => (shownBy.get(sharer.hash) ?? 0) < limit && !publicNow.has(sharer.hash))
    .map((sharer) => ({ ...sharer, linking: LINKING_KINDS.has(sharer.kind) && lineShared.has(sharer.hash) }));
  await upsertSignalsAndLinks(tx, { memberId, values, event: input.event, links, at });
  const upgraded = lineShared.size === 0 ? [] : await upgradeLinks(tx, [...lineShared]);
  if (turning.length > 0) {
    await lockClusterChanges(tx);
    await makePublic(tx, { values: turning, at });
  }
  const partners = new Set(links.filter((link) => link.linking).map((link) => link.memberId));
  const pairs = [...[...partners].map((partner): [bigint, bigint] => [memberId, partner]), ...upgraded];
  await joinClusters(tx, pairs, at);
}

/**
 * The values of this sighting that turn public now, and those shared within one referral line (two of the accounts
 * that showed it recruited one another, levels 1 to 3), which link (decision 063); reads uplines only when a
 * linking value is shared.
 */
async function assess(
  tx: DbOrTx,
  input: {
    values: readonly HashedSignal[];
    known: ReadonlySet<string>;
    sharers: readonly Sharer[];
    memberId: bigint;
    limit: number;
    at: Date;
  },
): Promise<{ turning: PublicValue[]; lineShared: Set<string> }> {
  const shared = input.sharers.filter((sharer) => LINKING_KINDS.has(sharer.kind));
  if (shared.length === 0) return { turning: [], lineShared: new Set() };
  const lineages = await selectLineages(tx, [input.memberId, ...new Set(shared.map((sharer) => sharer.memberId))]);
  const looked = input.values.filter((value) => !input.known.has(value.hash));
  const { publicNow, strangerDevices, lineShared } = classify({ ...input, values: looked, lineages, linking: LINKING_KINDS });
  const ip = input.values.find((value) => value.kind === 'ip');
  const ipIsPublic = ip !== undefined && input.known.has(ip.hash);
  const place = await placeDevices(tx, { ip, ipIsPublic, devices: strangerDevices, at: input.at });
  const turning = [...publicNow, ...place];
  for (const value of turning) lineShared.delete(value.hash);
  return { turning, lineShared };
}

/** Joins the clusters of each pair not in one cluster yet (creating one when neither member has one). */
async function joinClusters(tx: DbOrTx, pairs: ReadonlyArray<readonly [bigint, bigint]>, at: Date): Promise<void> {
  if (pairs.length === 0) return;
  const clusters = await selectClusterIds(tx, [...new Set(pairs.flat())]);
  const pending = pairs.filter(([a, b]) => clusters.get(a) === undefined || clusters.get(a) !== clusters.get(b));
  if (pending.length === 0) return;
  await lockClusterChanges(tx);
  for (const [a, b] of pending) await unionMembers(tx, { a, b, at });
}
