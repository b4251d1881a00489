import type { TeamMemberRow, TeamMemberStatus } from '@tuzo/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { useTexts, type Translate } from '@/i18n';
import { formatAmount } from '@/lib/money';
import { teamTexts } from '../texts';

const STATUS_TONE: Record<TeamMemberStatus, BadgeTone> = { Active: 'success', Dormant: 'warning', Suspended: 'danger' };

const STATUS_TEXT: Record<TeamMemberStatus, 'memberActive' | 'memberDormant' | 'memberSuspended'> = {
  Active: 'memberActive',
  Dormant: 'memberDormant',
  Suspended: 'memberSuspended',
};

/** The columns; the level 1 table hides the Upline column (spec part 2, "Team"): the member is their upline. */
function columns(t: Translate<keyof typeof teamTexts.en>, level: number): ReadonlyArray<DataTableColumn<TeamMemberRow>> {
  const upline: DataTableColumn<TeamMemberRow>[] =
    level === 1 ? [] : [{ header: t('colUpline'), cell: (row) => row.Upline || '—' }];
  return [
    { header: t('colName'), className: 'font-medium text-slate-900', cell: (row) => row.Name },
    { header: t('colPhone'), className: 'tabular-nums', cell: (row) => row.Phone },
    { header: t('colStatus'), cell: (row) => <Badge tone={STATUS_TONE[row.Status]}>{t(STATUS_TEXT[row.Status])}</Badge> },
    { header: t('colCountry'), cell: (row) => row.Country },
    { header: t('colEarned'), isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Earned) },
    ...upline,
    { header: t('colDeposited'), isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Deposited) },
    { header: t('colJoined'), className: 'tabular-nums', cell: (row) => row.Joined },
  ];
}

export interface TeamMembersTableProps {
  level: number;
  rows: TeamMemberRow[] | undefined;
  isPending: boolean;
  isBusy: boolean;
  error: string | null;
  emptyText: string;
}

export function TeamMembersTable({ level, rows, isPending, isBusy, error, emptyText }: TeamMembersTableProps) {
  const t = useTexts(teamTexts);
  return (
    <DataTable
      labelledBy="team-members-title"
      columns={columns(t, level)}
      rows={rows}
      isPending={isPending}
      error={error}
      emptyText={emptyText}
      getRowKey={(row, index) => `${row.Name}-${index}`}
      getRowAttributes={() => ({ 'data-testid': 'team-member-row' })}
      minWidthClassName={level === 1 ? 'min-w-[44rem]' : 'min-w-[52rem]'}
      skeleton={{ rows: 6, className: 'h-4 w-16', rowTestId: 'team-skeleton-row' }}
      hasSwipeHint
      messagePaddingClassName="py-10"
      isBusy={isBusy}
    />
  );
}
