import {
  formatMinor,
  parseDbMinor,
  UNREAD_COUNT_CAP,
  type Notification,
  type PaymentsMode,
  type UserData,
} from '@tuzo/contracts';
import { operatorDay } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { paymentsMode } from '../../payments/index.ts';
import { takeUndelivered } from '../notifications/index.ts';
import { parseSettings } from '../settings/index.ts';
import { balancesFromFacts, type BalanceFacts } from '../wallets/index.ts';
import type { CountryReferenceRow } from '../reference/index.ts';
import { SESSION_FROM_FEED, type SessionRead } from '../../http/action.ts';
import { userDataAnswers } from './userdata.answers.ts';
import {
  selectLastUpdate,
  selectUserDataRow,
  userDataCheckOf,
  userDataSessionRead,
  type UserDataInput,
  type UserDataRow,
} from './userdata.read-model.ts';

const LINK_KEYS = ['grouplink', 'customer_care', 'banner_text'] as const;
const NO_SETTINGS: Record<string, unknown> = {};

/** The links of the reference copy's settings, parsed once per copy (the same object until an operator's change). */
const parsedLinks = new WeakMap<Record<string, unknown>, ReturnType<typeof parseSettings<(typeof LINK_KEYS)[number]>>>();
function linksOf(settings: Record<string, unknown>) {
  let links = parsedLinks.get(settings);
  if (!links) {
    links = parseSettings(LINK_KEYS, settings);
    parsedLinks.set(settings, links);
  }
  return links;
}

/** `userdata` and the `user_data` of `login`: details, balances and the withdrawal fee table, in one query. */
export async function loadUserData(deps: AppDeps, memberId: bigint): Promise<UserData> {
  return toUserData(await loadFacts(deps, memberId));
}

/** The instant, zone, operator's day and unread cap the row is read for. */
function userDataInput(deps: AppDeps, now: Date): UserDataInput {
  const timeZone = deps.config.TUZO_TIMEZONE;
  return { now, timeZone, day: operatorDay(now, timeZone), unreadCap: UNREAD_COUNT_CAP };
}

/** The `userdata` action's fingerprint, read by the endpoint in the session check's statement (one round trip). */
export const USERDATA_SESSION_READ: SessionRead = userDataSessionRead(userDataInput);

/**
 * `userdata` with the member's notifications. While the change feed is live (decision 064) the session came from the
 * process's cache (`sessionRow` is `{ [SESSION_FROM_FEED]: true }`) and the answer kept for the member is sent again
 * when no notification for the member came since it was read: no statement at all. Otherwise the session check's
 * statement read the fingerprint of what the answer is made of (USERDATA_SESSION_READ, decision 043): when it matches
 * the answer this process built last, that answer is sent again (one round trip); otherwise the member's row is read
 * (a second round trip) and the answer rebuilt and kept. The delivery UPDATE runs only when notifications wait, so a
 * poll with nothing new writes nothing.
 */
export async function userDataWithNotifications(
  deps: AppDeps,
  memberId: bigint,
  sessionRow: Record<string, unknown> | null | undefined,
): Promise<{ data: UserData; info: Notification[] }> {
  const now = deps.clock.now();
  const input = userDataInput(deps, now);
  if (sessionRow?.[SESSION_FROM_FEED] === true) {
    const kept = deps.changes ? userDataAnswers(deps).findCurrent(memberId, input.day, now, deps.changes) : null;
    return kept ? { data: kept, info: [] } : rebuildUserData(deps, memberId, input, null);
  }
  const check = userDataCheckOf(sessionRow);
  if (!check) throw new Error('userdata: the session check returned no fingerprint');
  const data = userDataAnswers(deps).find(memberId, `${input.day}|${check.fingerprint}`, now);
  if (!data) return rebuildUserData(deps, memberId, input, check.hasUndelivered);
  return { data, info: check.hasUndelivered ? await takeUndelivered(deps, memberId) : [] };
}

/**
 * Reads the member's row, builds the answer and keeps it, stamped for the change feed (when it is live and no
 * notification waits: a kept answer promises that none does); then delivers what waits. `hasUndelivered` is the
 * session check's flag when it read one.
 */
async function rebuildUserData(
  deps: AppDeps,
  memberId: bigint,
  input: UserDataInput,
  hasUndelivered: boolean | null,
): Promise<{ data: UserData; info: Notification[] }> {
  const stamp = deps.changes?.stamp() ?? null;
  const row = await selectUserDataRow(deps.pool, { memberId, ...input });
  if (!row) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  const answer = toUserData(await factsOf(deps, memberId, row));
  const key = `${input.day}|${row.fingerprint}`;
  const data = userDataAnswers(deps).keep(memberId, key, answer, input.now, row.hasUndelivered ? null : stamp);
  const info = (hasUndelivered ?? row.hasUndelivered) ? await takeUndelivered(deps, memberId) : [];
  return { data, info };
}

/** The member's row and the process's reference copy at the row's version (reloaded only after a change). */
interface UserDataFacts extends BalanceFacts {
  row: UserDataRow;
  country: CountryReferenceRow;
  payments: PaymentsMode;
}

async function loadFacts(deps: AppDeps, memberId: bigint): Promise<UserDataFacts> {
  const row = await selectUserDataRow(deps.pool, { memberId, ...userDataInput(deps, deps.clock.now()) });
  if (!row) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  return factsOf(deps, memberId, row);
}

async function factsOf(deps: AppDeps, memberId: bigint, row: UserDataRow): Promise<UserDataFacts> {
  const reference = await deps.reference.at(row.referenceVersion);
  const country = reference.countries.get(row.countryId);
  if (!country) throw new Error(`Country ${row.countryId} of member ${memberId} is not in the reference data`);
  return {
    row,
    country,
    payments: paymentsMode(deps.config),
    status: row.status,
    currency: country.currency,
    rateMicro: country.rate_micro,
    signupBonusMinor: row.signupBonusMinor,
    cregLocalMinor: country.creg_minor,
    wallets: row.wallets,
    totals: row.totals,
    activatedToday: row.activatedToday,
    dailyClaimed: row.dailyClaimed,
    activeLevel1: row.activeLevel1,
    welcomeClaimed: row.welcomeClaimed,
    settings: reference.settings,
  };
}

function toUserData(facts: UserDataFacts): UserData {
  const { row, country } = facts;
  const links = linksOf(facts.settings ?? NO_SETTINGS);
  const iso = (text: string) => new Date(text).toISOString();
  return {
    userdetails: {
      uname: row.username,
      email: row.email,
      phone: row.phone,
      country: country.name,
      abrv: country.abbreviation,
      account_status: row.status === 'active',
      join: iso(row.joinedAt),
      lastupdate: iso(row.updatedAt),
      activated_at: row.activatedAt === null ? null : iso(row.activatedAt),
      // The house account is an implementation detail: members placed under it have no upline to show.
      l1: row.sponsorUsername && !row.sponsorIsHouse ? row.sponsorUsername : null,
      ccurrency: country.currency,
      grouplink: links.grouplink,
      customer_care: links.customer_care,
      banner: links.banner_text,
      isadmin: row.role === 'operator',
      role: row.role,
      is_totp_enrolled: row.isTotpEnrolled,
      ussd_pin_set: row.ussdPinSet,
      ussd_locked: row.ussdLocked,
      language: row.language,
      payments: facts.payments,
    },
    balances: balancesFromFacts(facts),
    fee: {
      min_with: formatMinor(parseDbMinor(country.min_with_minor ?? '0')),
      tariff: (country.tariff ?? []).map(([min, max, tariff]) => ({
        min_brackets: formatMinor(parseDbMinor(min)),
        max_brackets: formatMinor(parseDbMinor(max)),
        tariff: formatMinor(parseDbMinor(tariff)),
      })),
    },
    notifications: { unread: row.unread },
  };
}

export async function loadLastUpdate(deps: AppDeps, memberId: bigint): Promise<string | null> {
  return (await selectLastUpdate(deps.db, memberId))?.toISOString() ?? null;
}
