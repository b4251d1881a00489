import {
  formatMinor,
  MEMBER_TOTAL_CAP,
  MEMBER_WALLETS,
  parseDbMinor,
  type AdminHistoryRow,
  type AdminMemberData,
  type AdminMemberHistoryData,
  type AdminMemberHistoryPayload,
  type AdminMemberRow,
  type AdminMembersData,
  type AdminMembersPayload,
} from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { readWithdrawalHold } from '../phone-changes/index.ts';
import { AppError } from '../../lib/errors.ts';
import { selectMemberHistory, type HistoryRow } from './admin-history.read-model.ts';
import {
  selectMemberById,
  selectMemberDetail,
  selectMemberDetailById,
  selectMembersPage,
  selectOpenSessions,
  selectTeamCounts,
  selectUplineNames,
  selectWalletBalances,
  type MemberDetailRow,
  type MemberListRow,
} from './admin-members.repository.ts';

/** The member list's query pieces, shared with the CSV export (exports module): the file lists what the screen lists. */

/**
 * The one loader of a member-management target (the member screens and exports, edit, sign-out, suspend, adjust,
 * manual deposit, activate, change upline, reset link, notify): a member by username, `lock` taking the row FOR
 * UPDATE. A staff account is no member: it answers "Member not found", exactly as a name nobody holds, since staff
 * are managed on the staff pages only (docs/decisions/019-staff-are-not-members.md). The house account is never a
 * target.
 */
export async function findTargetMember(db: DbOrTx, username: string, lock = false): Promise<MemberDetailRow> {
  const member = await selectMemberDetail(db, username, lock);
  if (!member || member.role !== 'member') throw new AppError('NOT_FOUND', 'Member not found');
  if (member.is_house) throw new AppError('FORBIDDEN', 'The house account cannot be changed here');
  return member;
}

/** The target member by id, with the same refusals (a four-eyes request replays on the id it was made for). */
export async function findTargetMemberById(db: DbOrTx, id: bigint, lock = false): Promise<MemberDetailRow> {
  const member = await selectMemberDetailById(db, id, lock);
  if (!member || member.role !== 'member') throw new AppError('NOT_FOUND', 'Member not found');
  if (member.is_house) throw new AppError('FORBIDDEN', 'The house account cannot be changed here');
  return member;
}

/** A member's id and username by id, or null (a four-eyes request names the member it moves money for). */
export async function findMemberById(db: DbOrTx, id: bigint): Promise<{ id: bigint; username: string } | null> {
  return selectMemberById(db, id);
}

export function toMemberRow(row: MemberListRow): AdminMemberRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    country: row.country,
    status: row.status,
    joined_at: new Date(row.joined_at).toISOString(),
    activated_at: row.activated_at ? new Date(row.activated_at).toISOString() : null,
  };
}

/** `adminmembers`: one page of the search; the total is counted up to MEMBER_TOTAL_CAP. */
export async function searchMembers(deps: AppDeps, input: AdminMembersPayload): Promise<AdminMembersData> {
  const { page, limit, ...filter } = input;
  const { rows, total } = await selectMembersPage(deps.db, { filter, offset: (page - 1) * limit, limit, cap: MEMBER_TOTAL_CAP });
  return {
    rows: rows.map(toMemberRow),
    page,
    limit,
    total: Math.min(total, MEMBER_TOTAL_CAP),
    is_total_capped: total > MEMBER_TOTAL_CAP,
  };
}

/** `adminmember`: details, wallets (system currency), upline chain, downline counts and open sessions. */
export async function loadMemberPage(deps: AppDeps, username: string): Promise<AdminMemberData> {
  const member = await findTargetMember(deps.db, username);
  const memberId = BigInt(member.id);
  const chain = [member.l1_id, member.l2_id, member.l3_id];
  const [names, balances, counts, sessions, withdrawalHold] = await Promise.all([
    selectUplineNames(
      deps.db,
      chain.filter((id): id is string => id !== null),
    ),
    selectWalletBalances(deps.db, memberId),
    selectTeamCounts(deps.db, memberId),
    selectOpenSessions(deps.db, { memberId, now: deps.clock.now() }),
    readWithdrawalHold(deps, memberId),
  ]);
  const byId = new Map(names.map((row) => [row.id, row]));
  const byWallet = new Map(balances.map((row) => [row.wallet, parseDbMinor(row.balance_minor)]));
  const wallets = Object.fromEntries(
    MEMBER_WALLETS.map((wallet) => [wallet, formatMinor(byWallet.get(wallet) ?? 0n)]),
  ) as AdminMemberData['wallets'];
  const countByLevel = new Map(counts.map((row) => [Number(row.level), row]));
  return {
    member: {
      ...toMemberRow(member),
      role: member.role,
      country_id: member.country_id,
      currency: member.currency,
      uplines: chain.flatMap((id, index) => {
        const upline = id === null ? undefined : byId.get(id);
        return upline ? [{ level: index + 1, username: upline.username, status: upline.status }] : [];
      }),
    },
    wallets,
    downlines: [1, 2, 3].map((level) => {
      const row = countByLevel.get(level);
      const total = row?.total ?? 0;
      const active = row?.active ?? 0;
      return { level, total, active, dormant: total - active };
    }),
    withdrawal_hold: withdrawalHold,
    sessions: sessions.map((row) => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
      ip: row.ip,
      user_agent: row.user_agent,
    })),
  };
}

/** `adminmemberhistory`: the member's ledger (system currency), deposits, withdrawals or transfers, paged. */
export async function loadMemberHistory(deps: AppDeps, input: AdminMemberHistoryPayload): Promise<AdminMemberHistoryData> {
  const member = await findTargetMember(deps.db, input.username);
  const { rows, total } = await selectMemberHistory(deps.db, {
    memberId: BigInt(member.id),
    list: input.list,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  return {
    rows: rows.map((row) => toHistoryRow(row, deps.config.SYSTEM_CURRENCY)),
    page: input.page,
    limit: input.limit,
    total,
    is_total_capped: false,
  };
}

function toHistoryRow(row: HistoryRow, systemCurrency: string): AdminHistoryRow {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    amount: formatMinor(parseDbMinor(row.amount_minor)),
    currency: row.currency ?? systemCurrency,
    status: row.status,
    detail: row.detail ?? '',
  };
}
