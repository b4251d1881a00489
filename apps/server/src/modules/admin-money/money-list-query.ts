import type { SQL } from 'drizzle-orm';
import type { AdminDepositsFilter, AdminWithdrawalsFilter } from '@tuzo/contracts';
import {
  DEPOSIT_COLUMNS,
  DEPOSIT_FROM,
  WITHDRAWAL_COLUMNS,
  WITHDRAWAL_FROM,
  depositFilterSql,
  withdrawalFilterSql,
} from './admin-money.repository.ts';

/** A console list's query: its tables, the columns the screen shows and the WHERE clause of a filter. */
export interface ListQuery {
  from: SQL;
  columns: SQL;
  where: SQL;
}

/**
 * The withdrawals queue's query for a console filter, so the CSV export (exports module) lists exactly the rows the
 * screen does without reaching into this module's repository.
 */
export function withdrawalListQuery(filter: AdminWithdrawalsFilter): ListQuery {
  return { from: WITHDRAWAL_FROM, columns: WITHDRAWAL_COLUMNS, where: withdrawalFilterSql(filter) };
}

/** The deposits list's query for a console filter (`stuckBefore`: when a pending deposit counts as stuck). */
export function depositListQuery(filter: AdminDepositsFilter, stuckBefore: Date): ListQuery {
  return { from: DEPOSIT_FROM, columns: DEPOSIT_COLUMNS, where: depositFilterSql(filter, stuckBefore) };
}
