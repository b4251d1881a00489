import { formatMinor, parseDbMinor, type Notification, type UserData } from '@tuzo/contracts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { takeUndelivered } from '../notifications/notifications.service.ts';
import { parseSettings } from '../settings/settings.service.ts';
import { BALANCE_SETTING_KEYS, balancesFromFacts } from '../wallets/wallets.service.ts';
import { selectLastUpdate, selectUserDataFacts, type UserDataFacts } from './userdata.repository.ts';

const LINK_KEYS = ['grouplink', 'customer_care'] as const;
const SETTING_KEYS = [...LINK_KEYS, ...BALANCE_SETTING_KEYS];

/** `userdata` and the `user_data` of `login`: details, balances and the withdrawal fee table, in one query. */
export async function loadUserData(deps: AppDeps, memberId: bigint): Promise<UserData> {
  return toUserData(await loadFacts(deps, memberId));
}

/**
 * `userdata` with the member's notifications: one query for everything shown (with a flag saying whether
 * notifications wait), then the delivery UPDATE only when the flag is set. With the endpoint's session check that is
 * at most 3 round trips, and a poll with nothing new writes nothing.
 */
export async function loadUserDataWithNotifications(deps: AppDeps, memberId: bigint): Promise<{ data: UserData; info: Notification[] }> {
  const facts = await loadFacts(deps, memberId);
  const info = facts.hasUndelivered ? await takeUndelivered(deps, memberId) : [];
  return { data: toUserData(facts), info };
}

async function loadFacts(deps: AppDeps, memberId: bigint): Promise<UserDataFacts> {
  const facts = await selectUserDataFacts(deps.pool, {
    memberId,
    now: deps.clock.now(),
    timeZone: deps.config.TUZO_TIMEZONE,
    settingKeys: SETTING_KEYS,
  });
  if (!facts) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  return facts;
}

function toUserData(facts: UserDataFacts): UserData {
  const links = parseSettings(LINK_KEYS, facts.settings ?? {});
  const iso = (text: string) => new Date(text).toISOString();
  return {
    userdetails: {
      uname: facts.username,
      email: facts.email,
      phone: facts.phone,
      country: facts.countryName,
      abrv: facts.abbreviation,
      account_status: facts.status === 'active',
      join: iso(facts.joinedAt),
      lastupdate: iso(facts.updatedAt),
      activated_at: facts.activatedAt === null ? null : iso(facts.activatedAt),
      // The house account is an implementation detail: members placed under it have no upline to show.
      l1: facts.sponsorUsername && !facts.sponsorIsHouse ? facts.sponsorUsername : null,
      ccurrency: facts.currency,
      grouplink: links.grouplink,
      customer_care: links.customer_care,
      isadmin: facts.role === 'operator',
    },
    balances: balancesFromFacts(facts),
    fee: {
      min_with: formatMinor(parseDbMinor(facts.minWithMinor ?? '0')),
      tariff: (facts.tariff ?? []).map(([min, max, tariff]) => ({
        min_brackets: formatMinor(parseDbMinor(min)),
        max_brackets: formatMinor(parseDbMinor(max)),
        tariff: formatMinor(parseDbMinor(tariff)),
      })),
    },
  };
}

export async function loadLastUpdate(deps: AppDeps, memberId: bigint): Promise<string | null> {
  return (await selectLastUpdate(deps.db, memberId))?.toISOString() ?? null;
}
