import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, countryFees, tariffBrackets } from '../../db/schema.ts';

export interface CountryFeeMinor {
  cregMinor: bigint;
  fl1Minor: bigint;
  fl2Minor: bigint;
  fl3Minor: bigint;
  cbonusMinor: bigint;
  minWithMinor: bigint;
}
export interface BracketMinor {
  minMinor: bigint;
  maxMinor: bigint;
  tariffMinor: bigint;
}
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
  cregMinor: countryFees.cregMinor,
  fl1Minor: countryFees.fl1Minor,
  fl2Minor: countryFees.fl2Minor,
  fl3Minor: countryFees.fl3Minor,
  cbonusMinor: countryFees.cbonusMinor,
  minWithMinor: countryFees.minWithMinor,
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

export async function selectTaskSchedules(db: DbOrTx): Promise<{ kind: string; weekdays: number[] }[]> {
  const result = await db.execute<{ kind: string; weekdays: number[] }>(
    sql`SELECT kind, weekdays FROM task_schedules ORDER BY kind`,
  );
  return result.rows;
}

export async function lockTaskSchedule(db: DbOrTx, kind: string): Promise<number[] | null> {
  const result = await db.execute<{ weekdays: number[] }>(
    sql`SELECT weekdays FROM task_schedules WHERE kind = ${kind} FOR UPDATE`,
  );
  return result.rows[0]?.weekdays ?? null;
}

export async function updateTaskSchedule(db: DbOrTx, input: { kind: string; weekdays: number[]; at: Date }): Promise<void> {
  await db.execute(
    sql`UPDATE task_schedules SET weekdays = ${`{${input.weekdays.join(',')}}`}::smallint[], updated_at = ${input.at} WHERE kind = ${input.kind}`,
  );
}
