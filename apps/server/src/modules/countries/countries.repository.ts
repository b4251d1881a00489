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

/** The fee row's columns as a selection: the sign-up fees here, the operator console's country list too. */
export const countryFeeColumns = {
  cregMinor: countryFees.cregMinor,
  fl1Minor: countryFees.fl1Minor,
  fl2Minor: countryFees.fl2Minor,
  fl3Minor: countryFees.fl3Minor,
  cbonusMinor: countryFees.cbonusMinor,
  minWithMinor: countryFees.minWithMinor,
};

export async function selectCountryFees(db: DbOrTx, countryId: number): Promise<CountryFeesRow | null> {
  const rows = await db.select(countryFeeColumns).from(countryFees).where(eq(countryFees.countryId, countryId)).limit(1);
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

/** A country's fee row in minor units, as an operator's change writes it. */
export type CountryFeeMinor = CountryFeesRow;
export interface BracketMinor {
  minMinor: bigint;
  maxMinor: bigint;
  tariffMinor: bigint;
}

// Writes: the seed's reference countries (ensure*, insertTariffBrackets) and an operator's country change.

/** Inserts the country unless its abbreviation exists; returns its id either way. */
export async function ensureCountry(tx: DbOrTx, values: Omit<CountryRow, 'id'> & { sortOrder: number }): Promise<number> {
  await tx.insert(countries).values(values).onConflictDoNothing({ target: countries.abbreviation });
  const rows = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.abbreviation, values.abbreviation))
    .limit(1);
  const row = rows[0];
  if (!row) throw new Error(`Country ${values.abbreviation} could not be seeded`);
  return row.id;
}

export async function ensureCountryFees(tx: DbOrTx, values: CountryFeesRow & { countryId: number }): Promise<void> {
  await tx.insert(countryFees).values(values).onConflictDoNothing({ target: countryFees.countryId });
}

export async function countTariffBrackets(tx: DbOrTx, countryId: number): Promise<number> {
  const rows = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tariffBrackets)
    .where(eq(tariffBrackets.countryId, countryId));
  return rows[0]?.count ?? 0;
}

export async function insertTariffBrackets(tx: DbOrTx, rows: Array<BracketMinor & { countryId: number }>): Promise<void> {
  if (rows.length > 0) await tx.insert(tariffBrackets).values(rows);
}

/** Replaces a country's rate, switch, fee row and brackets (the reference_version triggers fire on each table). */
export async function replaceCountry(
  db: DbOrTx,
  input: { id: number; rateMicro: bigint; enabled: boolean; fees: CountryFeeMinor; tariff: BracketMinor[]; at: Date },
): Promise<void> {
  await db
    .update(countries)
    .set({ rateMicro: input.rateMicro, enabled: input.enabled, updatedAt: input.at })
    .where(eq(countries.id, input.id));
  await db
    .insert(countryFees)
    .values({ countryId: input.id, ...input.fees, updatedAt: input.at })
    .onConflictDoUpdate({ target: countryFees.countryId, set: { ...input.fees, updatedAt: input.at } });
  await db.delete(tariffBrackets).where(eq(tariffBrackets.countryId, input.id));
  if (input.tariff.length > 0) await db.insert(tariffBrackets).values(input.tariff.map((b) => ({ countryId: input.id, ...b })));
}
