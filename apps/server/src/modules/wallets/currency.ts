import { eq } from 'drizzle-orm';
import { formatMinor, localToSystemMinor, systemToLocalMinor } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { countries, members } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** A member's currency and the rate (local units per system unit, micro-units) in force now. */
export interface MemberCurrency {
  countryId: number;
  currency: string;
  rateMicro: bigint;
}

export async function loadMemberCurrency(db: DbOrTx, memberId: bigint): Promise<MemberCurrency> {
  const rows = await db
    .select({ countryId: countries.id, currency: countries.currency, rateMicro: countries.rateMicro })
    .from(members)
    .innerJoin(countries, eq(countries.id, members.countryId))
    .where(eq(members.id, memberId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  return row;
}

/** An amount the member entered in their currency, converted to system minor units, with the record to store. */
export function fromMemberAmount(localMinor: bigint, currency: MemberCurrency) {
  return {
    systemMinor: localToSystemMinor(localMinor, currency.rateMicro),
    conversion: { rateMicro: currency.rateMicro, localAmountMinor: localMinor, currency: currency.currency },
  };
}

/** A system amount shown to the member: converted and formatted with 2 decimals. */
export function toMemberString(systemMinor: bigint, currency: MemberCurrency): string {
  return formatMinor(systemToLocalMinor(systemMinor, currency.rateMicro));
}

/**
 * The smallest local amount whose conversion (as a deposit would convert it) covers `systemMinor`: what a member
 * must still pay in to reach a system amount. Rounding both ways could otherwise show 0.00 while money is missing
 * (a currency worth more than the system one) or ask for a cent too much.
 */
export function localNeededForSystem(systemMinor: bigint, rateMicro: bigint): bigint {
  if (systemMinor <= 0n) return 0n;
  // localToSystemMinor(L) = floor((2·L·10^6 + R) / (2R)) >= s  <=>  L >= R·(2s − 1) / (2·10^6), R = rateMicro.
  const denominator = 2_000_000n;
  const numerator = rateMicro * (2n * systemMinor - 1n);
  const local = (numerator + denominator - 1n) / denominator;
  if (
    localToSystemMinor(local, rateMicro) < systemMinor ||
    (local > 0n && localToSystemMinor(local - 1n, rateMicro) >= systemMinor)
  ) {
    throw new Error(`localNeededForSystem is not exact for ${systemMinor} at ${rateMicro}`);
  }
  return local;
}

/**
 * What a member still has to deposit to pay a fee set in their own currency. With nothing deposited it is the fee
 * as the operator set it (what the activation screen shows); otherwise the exact smallest amount that covers the
 * rest, since a deposit is converted on arrival (docs/money.md, "Rounding").
 */
export function missingFeeLocal(input: {
  feeLocalMinor: bigint;
  feeSystemMinor: bigint;
  depositSystemMinor: bigint;
  rateMicro: bigint;
}): bigint {
  if (input.depositSystemMinor >= input.feeSystemMinor) return 0n;
  if (input.depositSystemMinor <= 0n) return input.feeLocalMinor;
  return localNeededForSystem(input.feeSystemMinor - input.depositSystemMinor, input.rateMicro);
}
