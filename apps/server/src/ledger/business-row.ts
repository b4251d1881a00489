import { getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import { adPayments, bonusClaims, spins, transfers, triviaPayouts, videoPayments, withdrawals } from '../db/schema.ts';
import { rowFromJson, rowToJson } from '../db/row-json.ts';

/**
 * The business tables a movement may write its row into: the same list as the SQL table `ledger_business_tables`
 * (each feature's migration adds its own; test/business-rows.test.ts keeps the two equal).
 */
export const BUSINESS_TABLES = [withdrawals, transfers, spins, bonusClaims, videoPayments, adPayments, triviaPayouts] as const;
export type BusinessTable = (typeof BUSINESS_TABLES)[number];

/** The column that receives the movement's transaction id: `transactionId`, or `holdTransactionId` and the like. */
export type TransactionColumn<T extends BusinessTable> = Extract<
  keyof InferSelectModel<T>,
  'transactionId' | `${string}TransactionId`
>;

/** What the caller writes: every column of the table but its id and the transaction column (the movement fills it). */
export type BusinessValues<T extends BusinessTable, C extends TransactionColumn<T>> = Omit<T['$inferInsert'], 'id' | C>;

/**
 * The business row of a movement, built from the table's declaration in db/schema.ts: the table and column names
 * the SQL function receives, and the reader that turns the row it returns (as stored, numbers as text) into the
 * table's typed row. `R` is that row's type, which `recordMovement` returns.
 */
export interface BusinessRow<R> {
  table: string;
  transactionColumn: string;
  row: Record<string, unknown>;
  read: (json: unknown) => R;
}

/**
 * `businessRow(withdrawals, 'holdTransactionId', { memberId, wallet, ... })`: the values are checked by the compiler
 * against the table's insert type (a misspelt or missing column does not compile), and the stored row comes back
 * as the table's select type.
 */
export function businessRow<T extends BusinessTable, C extends TransactionColumn<T>>(
  table: T,
  transactionColumn: C,
  values: BusinessValues<T, C>,
): BusinessRow<InferSelectModel<T>> {
  const columns: Record<string, { name: string } | undefined> = getTableColumns(table);
  const column = columns[transactionColumn];
  if (!column) throw new Error(`${getTableName(table)} has no column ${transactionColumn}`);
  return {
    table: getTableName(table),
    transactionColumn: column.name,
    row: rowToJson(table, values),
    read: (json) => rowFromJson(table, json),
  };
}
