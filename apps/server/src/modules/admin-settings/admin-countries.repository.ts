import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, countryFees, tariffBrackets } from '../../db/schema.ts';
import { countryFeeColumns, type BracketMinor, type CountryFeeMinor } from '../countries/index.ts';

export interface CountryState {
  id: number;
  name: string;
  abbreviation: string;
  currency: string;
  rateMicro: bigint;
  enabled: boolean;
  isDefault: boolean;
  fees: CountryFeeMinor | null;
  tariff: BracketMinor[];
}

const countryColumns = {
  id: countries.id,
  name: countries.name,
  abbreviation: countries.abbreviation,
  currency: countries.currency,
  rateMicro: countries.rateMicro,
  enabled: countries.enabled,
  isDefault: countries.isDefault,
  ...countryFeeColumns,
};

/** Every country (a few dozen at most) with its fee row and brackets, in the sign-up list's order. */
export async function selectCountryStates(
  db: DbOrTx,
  options: { id?: number; isLocked?: boolean } = {},
): Promise<CountryState[]> {
  const base = db.select(countryColumns).from(countries).leftJoin(countryFees, eq(countryFees.countryId, countries.id));
  const filtered = options.id === undefined ? base : base.where(eq(countries.id, options.id));
  const rows = options.isLocked
    ? await filtered.for('update', { of: countries })
    : await filtered.orderBy(asc(countries.sortOrder), asc(countries.name)).limit(500);
  const brackets = await db
    .select({
      countryId: tariffBrackets.countryId,
      minMinor: tariffBrackets.minMinor,
      maxMinor: tariffBrackets.maxMinor,
      tariffMinor: tariffBrackets.tariffMinor,
    })
    .from(tariffBrackets)
    .where(options.id === undefined ? sql`true` : eq(tariffBrackets.countryId, options.id))
    .orderBy(asc(tariffBrackets.minMinor), asc(tariffBrackets.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
    currency: row.currency,
    rateMicro: row.rateMicro,
    enabled: row.enabled,
    isDefault: row.isDefault,
    fees:
      row.cregMinor === null
        ? null
        : {
            cregMinor: row.cregMinor,
            fl1Minor: row.fl1Minor!,
            fl2Minor: row.fl2Minor!,
            fl3Minor: row.fl3Minor!,
            cbonusMinor: row.cbonusMinor!,
            minWithMinor: row.minWithMinor!,
          },
    tariff: brackets
      .filter((b) => b.countryId === row.id)
      .map(({ minMinor, maxMinor, tariffMinor }) => ({ minMinor, maxMinor, tariffMinor })),
  }));
}
