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
