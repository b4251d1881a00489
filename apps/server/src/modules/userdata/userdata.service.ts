import type { UserData, UserDetails } from '@tuzo/contracts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { loadWithdrawalFee } from '../countries/countries.service.ts';
import { loadBalances } from '../wallets/wallets.service.ts';
import { readSettings } from '../settings/settings.service.ts';
import { selectLastUpdate, selectProfile } from './userdata.repository.ts';

/** `userdata` and the `user_data` of `login`: details, balances and the withdrawal fee table. */
export async function loadUserData(deps: AppDeps, memberId: bigint): Promise<UserData> {
  const profile = await selectProfile(deps.db, memberId);
  if (!profile) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  const links = await readSettings(deps.db, ['grouplink', 'customer_care']);
  const userdetails: UserDetails = {
    uname: profile.username,
    email: profile.email,
    phone: profile.phone,
    country: profile.countryName,
    abrv: profile.abbreviation,
    account_status: profile.status === 'active',
    join: profile.joinedAt.toISOString(),
    lastupdate: profile.updatedAt.toISOString(),
    activated_at: profile.activatedAt?.toISOString() ?? null,
    // The house account is an implementation detail: members placed under it have no upline to show.
    l1: profile.sponsorUsername && !profile.sponsorIsHouse ? profile.sponsorUsername : null,
    ccurrency: profile.currency,
    grouplink: links.grouplink,
    customer_care: links.customer_care,
    isadmin: profile.role === 'operator',
  };
  // Passed as a variable so the call fits the wallets module whether or not its input also takes countryId.
  const balanceInput = { memberId, countryId: profile.countryId };
  const balances = await loadBalances(deps, balanceInput);
  const fee = await loadWithdrawalFee(deps.db, profile.countryId);
  return { userdetails, balances, fee };
}

export async function loadLastUpdate(deps: AppDeps, memberId: bigint): Promise<string | null> {
  return (await selectLastUpdate(deps.db, memberId))?.toISOString() ?? null;
}
