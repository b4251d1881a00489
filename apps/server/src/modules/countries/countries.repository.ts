import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, countryFees, tariffBrackets } from '../../db/schema.ts';

export interface CountryRow {
  id: number;
  name: string;
  dial: string;
  abbreviation: string;
  currency: string;
  rateMicro: bigint;
  isDefault: boolean;
}

const countryColumns = {
  id: countries.id,
  name: countries.name,
  dial: countries.dial,
  abbreviation: countries.abbreviation,
  currency: countries.currency,
  rateMicro: countries.rateMicro,
  isDefault: countries.isDefault,
};

/** Enabled countries that have a fee row; "International" (INT) last, the rest by sort order then name. */
export async function selectListedCountries(db: DbOrTx): Promise<CountryRow[]> {
  return db
    .select(countryColumns)
    .from(countries)
    .innerJoin(countryFees, eq(countryFees.countryId, countries.id))
    .where(eq(countries.enabled, true))
    .orderBy(sql`(${countries.abbreviation} = 'INT')`, asc(countries.sortOrder), asc(countries.name));
}

/** An enabled country with a fee row, by id. */
export async function selectListedCountry(db: DbOrTx, id: number): Promise<CountryRow | null> {
  const rows = await db
    .select(countryColumns)
    .from(countries)
    .innerJoin(countryFees, eq(countryFees.countryId, countries.id))
    .where(and(eq(countries.id, id), eq(countries.enabled, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function selectDefaultCountry(db: DbOrTx): Promise<CountryRow | null> {
  const rows = await db.select(countryColumns).from(countries).where(eq(countries.isDefault, true)).limit(1);
  return rows[0] ?? null;
}

export interface CountryFeesRow {
  cregMinor: bigint;
  fl1Minor: bigint;
  fl2Minor: bigint;
  fl3Minor: bigint;
  cbonusMinor: bigint;
  minWithMinor: bigint;
}

export async function selectCountryFees(db: DbOrTx, countryId: number): Promise<CountryFeesRow | null> {
  const rows = await db
    .select({
      cregMinor: countryFees.cregMinor,
      fl1Minor: countryFees.fl1Minor,
      fl2Minor: countryFees.fl2Minor,
      fl3Minor: countryFees.fl3Minor,
      cbonusMinor: countryFees.cbonusMinor,
      minWithMinor: countryFees.minWithMinor,
    })
    .from(countryFees)
    .where(eq(countryFees.countryId, countryId))
    .limit(1);
  return rows[0] ?? null;
}

export async function selectTariffBrackets(db: DbOrTx, countryId: number) {
  return db
    .select({ minMinor: tariffBrackets.minMinor, maxMinor: tariffBrackets.maxMinor, tariffMinor: tariffBrackets.tariffMinor })
    .from(tariffBrackets)
    .where(eq(tariffBrackets.countryId, countryId))
    .orderBy(asc(tariffBrackets.minMinor))
    .limit(100);
}
