import { Column, is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, getViewConfig, PgTable, PgView, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { useTestApp } from './before-all.ts';

/**
 * db/schema.ts describes the migrated database exactly (docs/decisions/029-typed-business-rows.md): every table and
 * view of the public schema is declared there and every declaration exists, with the same columns, compatible
 * types, nullability, defaults, primary keys and, for text columns with a CHECK (... IN (...)), the same values.
 * Nothing is left out: the migrator's own schema_migrations and the two reconcile views are declared too.
 */

const t = useTestApp();

interface DbColumn {
  table_name: string;
  table_type: 'BASE TABLE' | 'VIEW';
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

interface Declared {
  kind: 'BASE TABLE' | 'VIEW';
  columns: Map<string, PgColumn>;
  primaryKey: string[];
}

/** The database type (udt_name) each Drizzle SQL type stands for. */
const UDT: Record<string, string> = {
  bigint: 'int8',
  bigserial: 'int8',
  integer: 'int4',
  serial: 'int4',
  smallint: 'int2',
  boolean: 'bool',
  text: 'text',
  jsonb: 'jsonb',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  'bigint[]': '_int8',
  'smallint[]': '_int2',
  'text[]': '_text',
};

function declaredTables(): Map<string, Declared> {
  const out = new Map<string, Declared>();
  for (const value of Object.values(schema)) {
    if (is(value, PgTable)) {
      const config = getTableConfig(value);
      const columns = new Map(config.columns.map((column) => [column.name, column]));
      const single = config.columns.filter((column) => column.primary).map((column) => column.name);
      const composite = config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name));
      out.set(config.name, { kind: 'BASE TABLE', columns, primaryKey: [...single, ...composite] });
    } else if (is(value, PgView)) {
      const config = getViewConfig(value);
      const columns = new Map<string, PgColumn>();
      for (const field of Object.values(config.selectedFields)) {
        if (is(field, Column)) columns.set(field.name, field as PgColumn);
      }
      out.set(config.name, { kind: 'VIEW', columns, primaryKey: [] });
    }
  }
  return out;
}

/** A Drizzle default as PostgreSQL prints it in information_schema.columns.column_default. */
function declaredDefault(column: PgColumn): string | null {
  const sqlType = column.getSQLType();
  if (sqlType === 'serial' || sqlType === 'bigserial') return 'nextval';
  if (!column.hasDefault) return null;
  const value: unknown = column.default;
  if (is(value, SQL)) {
    return value.queryChunks.map((chunk) => (is(chunk, StringChunk) ? chunk.value.join('') : String(chunk))).join('');
  }
  if (typeof value === 'string') return `'${value}'::text`;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${column.name}: a default this test does not compare (${typeof value})`);
}

function databaseDefault(text: string | null): string | null {
  if (text === null) return null;
  return text.startsWith('nextval(') ? 'nextval' : text;
}

describe('db/schema.ts', () => {
  it('declares every table and view of the migrated database, and nothing else', async () => {
    const rows = await t.sql<{ table_name: string; table_type: string }>(
      `SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    const inDatabase = rows.map((row) => `${row.table_name} (${row.table_type})`);
    const declared = [...declaredTables()].map(([name, d]) => `${name} (${d.kind})`).sort();
    expect(declared).toEqual(inDatabase);
  });

  it('has every column with the same type, nullability and default, and no column the database lacks', async () => {
    const rows = await t.sql<DbColumn>(
      `SELECT c.table_name, tb.table_type, c.column_name, c.udt_name, c.is_nullable, c.column_default
       FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
       WHERE c.table_schema = 'public' ORDER BY c.table_name, c.ordinal_position`,
    );
    const declared = declaredTables();
    const differences: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const where = `${row.table_name}.${row.column_name}`;
      seen.add(where);
      const column = declared.get(row.table_name)?.columns.get(row.column_name);
      if (!column) {
        differences.push(`${where}: in the database, not in schema.ts`);
        continue;
      }
      const udt = UDT[column.getSQLType()];
      if (udt !== row.udt_name) differences.push(`${where}: schema.ts ${column.getSQLType()}, database ${row.udt_name}`);
      // A view's columns are always reported nullable; its declaration says nothing about nulls either.
      if (row.table_type === 'BASE TABLE' && column.notNull !== (row.is_nullable === 'NO')) {
        differences.push(`${where}: schema.ts ${column.notNull ? 'NOT NULL' : 'NULL'}, database ${row.is_nullable}`);
      }
      const ours = declaredDefault(column);
      const theirs = databaseDefault(row.column_default);
      if (ours !== theirs) differences.push(`${where}: schema.ts default ${ours}, database default ${theirs}`);
    }
    for (const [table, d] of declared) {
      for (const name of d.columns.keys()) {
        if (!seen.has(`${table}.${name}`)) differences.push(`${table}.${name}: in schema.ts, not in the database`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('has the same primary keys', async () => {
    const rows = await t.sql<{ table_name: string; columns: string[] }>(
      `SELECT tc.table_name, array_agg(k.column_name::text ORDER BY k.ordinal_position) AS columns
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name
       WHERE tc.table_schema = 'public' AND tc.constraint_type = 'PRIMARY KEY'
       GROUP BY tc.table_name ORDER BY tc.table_name`,
    );
    const inDatabase = Object.fromEntries(rows.map((row) => [row.table_name, row.columns]));
    const declared = Object.fromEntries(
      [...declaredTables()].filter(([, d]) => d.primaryKey.length > 0).map(([name, d]) => [name, d.primaryKey]),
    );
    expect(declared).toEqual(inDatabase);
  });

  it('gives a text column the values of its CHECK (... IN (...)) as its enum', async () => {
    const rows = await t.sql<{ table_name: string; definition: string }>(
      `SELECT c.conrelid::regclass::text AS table_name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE n.nspname = 'public' AND c.contype = 'c'`,
    );
    const inDatabase: Record<string, string[]> = {};
    for (const row of rows) {
      // PostgreSQL prints `col IN ('a', 'b')` on a text column as: CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))
      const match = /^CHECK \(\(?(\w+) = ANY \(ARRAY\[(.*)\]\)\)\)?$/.exec(row.definition);
      if (!match?.[2]?.includes('::text')) continue;
      const values = [...match[2].matchAll(/'([^']*)'::text/g)].map((m) => m[1]!);
      inDatabase[`${row.table_name}.${match[1]}`] = values;
    }
    // The migrations hold over twenty such checks: reading none would mean the pattern above no longer matches.
    expect(Object.keys(inDatabase).length).toBeGreaterThan(20);
    const declared: Record<string, string[]> = {};
    for (const [table, d] of declaredTables()) {
      for (const [name, column] of d.columns) {
        const values = (column as PgColumn & { enumValues?: string[] }).enumValues;
        if (values && values.length > 0) declared[`${table}.${name}`] = values;
      }
    }
    expect(declared).toEqual(inDatabase);
  });
});
