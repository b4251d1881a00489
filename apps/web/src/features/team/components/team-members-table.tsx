import type { TeamMemberRow, TeamMemberStatus } from '@tuzo/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatAmount } from '@/lib/money';

const STATUS_TONE: Record<TeamMemberStatus, BadgeTone> = { Active: 'success', Dormant: 'warning', Suspended: 'danger' };

const UPLINE: DataTableColumn<TeamMemberRow> = { header: 'Upline', cell: (row) => row.Upline || '—' };

const COLUMNS: ReadonlyArray<DataTableColumn<TeamMemberRow>> = [
  { header: 'Name', className: 'font-medium text-slate-900', cell: (row) => row.Name },
  { header: 'Phone', className: 'tabular-nums', cell: (row) => row.Phone },
  { header: 'Status', cell: (row) => <Badge tone={STATUS_TONE[row.Status]}>{row.Status}</Badge> },
  { header: 'Country', cell: (row) => row.Country },
  { header: 'Earned', isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Earned) },
  UPLINE,
  { header: 'Deposited', isNumeric: true, className: 'tabular-nums', cell: (row) => formatAmount(row.Deposited) },
  { header: 'Joined', className: 'tabular-nums', cell: (row) => row.Joined },
];
/** The level 1 table hides the Upline column (spec part 2, "Team"): the member is their upline. */
const LEVEL_ONE_COLUMNS = COLUMNS.filter((column) => column !== UPLINE);

export interface TeamMembersTableProps {
  level: number;
  rows: TeamMemberRow[] | undefined;
  isPending: boolean;
  isBusy: boolean;
  error: string | null;
  emptyText: string;
}

export function TeamMembersTable({ level, rows, isPending, isBusy, error, emptyText }: TeamMembersTableProps) {
  return (
    <DataTable
      labelledBy="team-members-title"
      columns={level === 1 ? LEVEL_ONE_COLUMNS : COLUMNS}
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
