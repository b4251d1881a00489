import { getTableColumns, getTableName, type InferSelectModel, type Table } from 'drizzle-orm';
import { parseDbMinor } from '@tuzo/contracts';

/**
 * A table's row as JSON, both ways, by its declaration in db/schema.ts (docs/decisions/029-typed-business-rows.md):
 * the column names, types and nullability written there are the only ones, so a writer, a reader and the SQL columns
 * cannot drift apart without the compiler or db-schema.test.ts saying so.
 *
 * The JSON is a row as PostgreSQL gives it through `ledger_json_numbers_as_text(to_jsonb(row))` (what the movement
 * function returns): snake_case column names, top-level numbers as text (a bigint never passes through a JavaScript
 * number), timestamps as ISO text, dates as `YYYY-MM-DD`, jsonb as JSON.
 */

/** The row read back: every column of the table, with its declared type. Throws on any column that does not fit. */
export function rowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> {
  const name = getTableName(table);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${name}: the row is not an object`);
  const source = json as Record<string, unknown>;
  const columns = getTableColumns(table);
  const known = new Set(Object.values(columns).map((column) => column.name));
  const unknown = Object.keys(source).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`${name}: columns not in db/schema.ts: ${unknown.join(', ')}`);
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = source[column.name];
    if (value === null || value === undefined) {
      if (column.notNull) throw new Error(`${name}.${column.name} is missing`);
      row[key] = null;
      continue;
    }
    row[key] = readValue(`${name}.${column.name}`, column, value);
  }
  return row as InferSelectModel<T>;
}

/**
 * The row to write: values keyed by the table's property names (typed by the caller, e.g. `businessRow`), under the
 * table's column names; bigints and dates stay as they are for the caller's JSON to write.
 */
export function rowToJson(table: Table, row: object): Record<string, unknown> {
  const columns: Record<string, { name: string } | undefined> = getTableColumns(table);
  const json: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column for ${key}`);
    if (value !== undefined) json[column.name] = value;
  }
  return json;
}

type ColumnOf = ReturnType<typeof getTableColumns>[string];

function readValue(where: string, column: ColumnOf, value: unknown): unknown {
  switch (column.columnType) {
    case 'PgBigInt64':
    case 'PgBigSerial64':
      return parseDbMinor(text(where, value));
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgSerial': {
      const number = Number(text(where, value));
      if (!Number.isSafeInteger(number)) throw new Error(`${where}: not an integer: ${String(value)}`);
      return number;
    }
    case 'PgText': {
      const string = text(where, value);
      if (column.enumValues && column.enumValues.length > 0 && !column.enumValues.includes(string)) {
        throw new Error(`${where}: ${string} is none of ${column.enumValues.join(', ')}`);
      }
      return string;
    }
    case 'PgDateString': {
      const day = text(where, value);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`${where}: not a date: ${day}`);
      return day;
    }
    case 'PgTimestamp': {
      const at = new Date(text(where, value));
      if (Number.isNaN(at.getTime())) throw new Error(`${where}: not a timestamp: ${String(value)}`);
      return at;
    }
    case 'PgBoolean':
      if (typeof value !== 'boolean') throw new Error(`${where}: not a boolean: ${String(value)}`);
      return value;
    case 'PgJsonb':
      return value;
    default:
      throw new Error(`${where}: rowFromJson does not read ${column.columnType} columns`);
  }
}

function text(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`${where}: expected text, got ${typeof value}`);
  return value;
}
