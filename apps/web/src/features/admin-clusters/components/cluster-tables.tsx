import type { AdminClusterData, ClusterLink, ClusterMember, ClusterMoney, CommissionHold, ReviewRequest } from '@tuzo/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/money';
import { signalText } from './clusters-list';

const HOLD_TONES: Record<CommissionHold['state'], BadgeTone> = { held: 'warning', released: 'success', reversed: 'neutral' };

const MEMBER_COLUMNS: Array<DataTableColumn<ClusterMember>> = [
  { header: 'Member', className: 'font-medium', cell: (row) => row.username },
  { header: 'Status', cell: (row) => row.status },
  {
    header: 'Sponsor',
    cell: (row) => (
      <span>
        {row.sponsor ?? '—'}
        {row.sponsor_in_cluster ? (
          <Badge tone="danger" className="ml-2">
            upline in cluster
          </Badge>
        ) : null}
      </span>
    ),
  },
  { header: 'Joined', cell: (row) => formatDateTime(row.joined_at) },
];

const LINK_COLUMNS: Array<DataTableColumn<ClusterLink>> = [
  { header: 'Member A', className: 'font-medium', cell: (row) => row.a },
  { header: 'Member B', className: 'font-medium', cell: (row) => row.b },
  { header: 'Signal', cell: (row) => signalText(row.kind) },
  {
    header: 'Role',
    cell: (row) => <Badge tone={row.linking ? 'danger' : 'neutral'}>{row.linking ? 'linking' : 'evidence'}</Badge>,
  },
  { header: 'First seen', cell: (row) => formatDateTime(row.first_seen_at) },
  { header: 'Last seen', cell: (row) => formatDateTime(row.last_seen_at) },
];

const MONEY_COLUMNS: Array<DataTableColumn<ClusterMoney>> = [
  { header: 'From', className: 'font-medium', cell: (row) => row.from },
  { header: 'To', className: 'font-medium', cell: (row) => row.to },
  { header: 'Kind', cell: (row) => row.kind.replace(/_/g, ' ') },
  { header: 'Amount', isNumeric: true, cell: (row) => formatAmount(row.amount) },
  { header: 'When', cell: (row) => formatDateTime(row.at) },
];

const HOLD_COLUMNS: Array<DataTableColumn<CommissionHold>> = [
  { header: 'Upline', className: 'font-medium', cell: (row) => row.member },
  { header: 'From (activated)', cell: (row) => row.from_member },
  { header: 'Level', isNumeric: true, cell: (row) => row.level },
  { header: 'Amount', isNumeric: true, cell: (row) => formatAmount(row.amount) },
  { header: 'State', cell: (row) => <Badge tone={HOLD_TONES[row.state]}>{row.state}</Badge> },
  { header: 'Held', cell: (row) => formatDateTime(row.held_at) },
  { header: 'Decided', cell: (row) => (row.decided_at ? formatDateTime(row.decided_at) : '—') },
];

const REVIEW_COLUMNS: Array<DataTableColumn<ReviewRequest>> = [
  { header: 'Member', className: 'font-medium', cell: (row) => row.member },
  { header: 'Message', className: 'whitespace-normal', cell: (row) => row.message },
  { header: 'Asked', cell: (row) => formatDateTime(row.at) },
];

type Decision = AdminClusterData['decisions'][number];
const DECISION_COLUMNS: Array<DataTableColumn<Decision>> = [
  { header: 'Decision', cell: (row) => <Badge tone={row.decision === 'clear' ? 'success' : 'danger'}>{row.decision}</Badge> },
  { header: 'Note', className: 'whitespace-normal', cell: (row) => row.note },
  { header: 'By', cell: (row) => row.by },
  { header: 'When', cell: (row) => formatDateTime(row.at) },
];

type SectionName = 'members' | 'links' | 'money' | 'holds' | 'reviews' | 'decisions';

/** Each table's title, caption (for screen readers), empty text and the width under which it scrolls sideways. */
const SECTIONS: Record<SectionName, { title: string; caption: string; emptyText: string; minWidth: string }> = {
  members: {
    title: 'Members',
    caption: "The cluster's members and their sponsors",
    emptyText: 'No members.',
    minWidth: 'min-w-[36rem]',
  },
  links: {
    title: 'Links',
    caption: 'The signals two members share (never the value itself)',
    emptyText: 'No links.',
    minWidth: 'min-w-[48rem]',
  },
  money: {
    title: 'Money moved inside the cluster',
    caption: 'Commissions and pay-for-client between members, in the system currency',
    emptyText: 'No money moved between its members.',
    minWidth: 'min-w-[40rem]',
  },
  holds: {
    title: 'Held commissions',
    caption: 'Commissions paid inside the cluster and held until a decision',
    emptyText: 'No commissions held.',
    minWidth: 'min-w-[48rem]',
  },
  reviews: {
    title: 'Review requests',
    caption: "Members' requests for a review of their held commissions",
    emptyText: 'No review requests.',
    minWidth: 'min-w-[36rem]',
  },
  decisions: {
    title: 'Decisions',
    caption: 'Past decisions on this cluster',
    emptyText: 'No decision yet.',
    minWidth: 'min-w-[36rem]',
  },
};

/** One titled table of the cluster page; `name` gives its texts, ids and row test ids. */
function Section<Row>({ name, columns, rows }: { name: SectionName; columns: Array<DataTableColumn<Row>>; rows: Row[] }) {
  const texts = SECTIONS[name];
  return (
    <TableCard
      title={texts.title}
      titleId={`cluster-${name}-title`}
      caption={texts.caption}
      columns={columns}
      rows={rows}
      isPending={false}
      emptyText={texts.emptyText}
      getRowKey={(_row, index) => `${name}-${index}`}
      getRowAttributes={() => ({ 'data-testid': `cluster-${name}-row` })}
      minWidthClassName={texts.minWidth}
      hasSwipeHint
    />
  );
}

/** The cluster's members, links, money moved inside it, held commissions, review requests and past decisions. */
export function ClusterTables({ data }: { data: AdminClusterData }) {
  return (
    <>
      <Section name="members" columns={MEMBER_COLUMNS} rows={data.members} />
      <Section name="links" columns={LINK_COLUMNS} rows={data.links} />
      <Section name="money" columns={MONEY_COLUMNS} rows={data.money} />
      <Section name="holds" columns={HOLD_COLUMNS} rows={data.holds} />
      <Section name="reviews" columns={REVIEW_COLUMNS} rows={data.reviews} />
      <Section name="decisions" columns={DECISION_COLUMNS} rows={data.decisions} />
    </>
  );
}
