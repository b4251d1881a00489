import type { SQL } from 'drizzle-orm';
import type { AdminMembersFilter } from '@tuzo/contracts';
import { MEMBER_LIST_COLUMNS, memberFilterSql } from './admin-members.repository.ts';

/**
 * The members list's query for a console filter: the columns the list screen shows and its WHERE clause, so the CSV
 * export (exports module) lists exactly the members the screen does, without reaching into this module's repository.
 */
export function memberListQuery(filter: AdminMembersFilter): { columns: SQL; where: SQL } {
  return { columns: MEMBER_LIST_COLUMNS, where: memberFilterSql(filter) };
}
