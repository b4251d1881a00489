import { formatMinor, systemToLocalMinor, type Balances } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { findCountryFees } from '../countries/countries.service.ts';
import { selectSignupBonusMinor } from '../userdata/userdata.repository.ts';
import { loadMemberCurrency } from './currency.ts';

/**
 * STUB written by the foundation (auth) work so `userdata` and `login` can answer before the money engine exists;
 * the money engineer replaces this body with balances derived from the ledger. Until then every wallet is zero,
 * `profit` shows the promised sign-up bonus and `actbal` the full activation fee, both in the member's currency.
 */
export async function loadBalances(deps: AppDeps, input: { memberId: bigint }): Promise<Balances> {
  const currency = await loadMemberCurrency(deps.db, input.memberId);
  const fees = await findCountryFees(deps.db, currency.countryId);
  const bonusSystemMinor = await selectSignupBonusMinor(deps.db, input.memberId);
  const zero = formatMinor(0n);
  return {
    profit: formatMinor(systemToLocalMinor(bonusSystemMinor, currency.rateMicro)),
    expense: zero,
    balance: zero,
    bonus: zero,
    totalwithdrawal: zero,
    pendingwithdrawal: zero,
    ads: zero,
    youtube: zero,
    trivia: zero,
    tiktok: zero,
    deposit: zero,
    actbal: formatMinor(fees.cregMinor),
    target: 0,
    reward: zero,
    remaining: 0,
    percent: 0,
    progress: 0,
  };
}
