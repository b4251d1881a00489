import type { ClusterState, ClusterSummary } from '@tuzo/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { listError, TableCard } from '@/components/ui/table-card';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/money';
import { CLUSTER_FILTERS, useClusters, type ClusterFilter } from '../api/clusters';

export const CLUSTER_STATE_TONES: Record<ClusterState, BadgeTone> = {
  open: 'danger',
  watch: 'warning',
  cleared: 'success',
  confirmed: 'neutral',
};
const FILTER_LABELS: Record<ClusterFilter, string> = {
  open: 'Open cases',
  watch: 'Watched (no ring)',
  cleared: 'Cleared',
  confirmed: 'Confirmed',
  all: 'All',
};

/** A signal kind as words: payer_phone reads "payer phone". */
export function signalText(kind: string): string {
  return kind.replace(/_/g, ' ');
}

const COLUMNS: Array<DataTableColumn<ClusterSummary>> = [
  {
    header: 'Cluster',
    className: 'font-medium',
    cell: (row) => (
      <Link to={`/admin/clusters/${row.id}`} className="text-brand-700 underline underline-offset-2">
        #{row.id}
        {row.ring ? ' (ring)' : ''}
      </Link>
    ),
  },
  { header: 'State', cell: (row) => <Badge tone={CLUSTER_STATE_TONES[row.state]}>{row.state}</Badge> },
  { header: 'Members', isNumeric: true, cell: (row) => row.members },
  { header: 'Signals', cell: (row) => row.signals.map(signalText).join(', ') || '—' },
  {
    header: 'Held (system currency)',
    isNumeric: true,
    cell: (row) => `${formatAmount(row.held_total)} (${row.held_count})`,
  },
  { header: 'Review requests', isNumeric: true, cell: (row) => row.review_requests },
  { header: 'Last activity', cell: (row) => formatDateTime(row.updated_at) },
];

/** /admin/clusters: the clusters of one state, open cases first by default (decision 062). */
export function ClustersList() {
  const [state, setState] = useState<ClusterFilter>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, isPlaceholderData, error } = useClusters(state, page);
  return (
    <TableCard
      title="Clusters"
      titleId="clusters-title"
      headerExtra={
        <>
          <CardDescription>
            Accounts linked by a shared device, payer or payout phone, email or phone (decision 061). A ring (a member and their
            own upline in one cluster) is an open case: its commissions are held and its withdrawals flagged until an operator
            clears or confirms it.
          </CardDescription>
          <div className="mt-3 sm:w-64">
            <label htmlFor="clusters-state" className="mb-1.5 block text-sm font-medium text-slate-800">
              State
            </label>
            <Select
              id="clusters-state"
              value={state}
              onChange={(event) => {
                setState(event.target.value as ClusterFilter);
                setPage(1);
              }}
            >
              {CLUSTER_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {FILTER_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </>
      }
      columns={COLUMNS}
      rows={data?.clusters}
      isPending={isPending}
      isBusy={isPlaceholderData}
      error={listError(error, 'Failed to load the clusters')}
      emptyText={state === 'open' ? 'No open cases.' : 'No clusters.'}
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'cluster-row', 'data-cluster': row.id })}
      minWidthClassName="min-w-[52rem]"
      skeleton="bar"
      hasSwipeHint
    >
      {data ? (
        <Pager page={data.page} pages={data.pages} isBusy={isPlaceholderData} noun="clusters" onPageChange={setPage} />
      ) : null}
    </TableCard>
  );
}
