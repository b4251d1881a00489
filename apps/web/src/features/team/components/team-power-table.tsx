import type { DownlineCounts } from '@tuzo/contracts';
import { Link } from 'react-router';
import { CardDescription } from '@/components/ui/card';
import { type DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { useTexts, type Translate } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { downlineCountTexts, useAllMyDownlines } from '../api/get-all-my-downlines';
import { teamTexts } from '../texts';

interface PowerRow extends DownlineCounts {
  level: 1 | 2 | 3;
}

const count = (value: number) => value.toLocaleString('en');

const columns = (t: Translate<keyof typeof teamTexts.en>): ReadonlyArray<DataTableColumn<PowerRow>> => [
  {
    header: t('colLevel'),
    className: 'font-medium',
    cell: (row) => (
      <Link
        to={`/my-team/level-${row.level}`}
        className="text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
      >
        {t('level', { level: row.level })}
      </Link>
    ),
  },
  { header: t('colTotal'), isNumeric: true, className: 'tabular-nums font-semibold', cell: (row) => count(row.total) },
  { header: t('colActive'), isNumeric: true, className: 'tabular-nums text-green-800', cell: (row) => count(row.active) },
  { header: t('colDormant'), isNumeric: true, className: 'tabular-nums text-slate-600', cell: (row) => count(row.dormant) },
];

/** Team Power: members on each level by total, active and dormant; each level opens its team page. */
export function TeamPowerTable() {
  const { data, isPending, error } = useAllMyDownlines();
  const t = useTexts(teamTexts);
  const rows: PowerRow[] | undefined = data && [
    { level: 1, ...data.l1 },
    { level: 2, ...data.l2 },
    { level: 3, ...data.l3 },
  ];
  return (
    <TableCard
      title={t('powerTitle')}
      titleId="team-power-title"
      headerExtra={<CardDescription>{t('powerDescription')}</CardDescription>}
      columns={columns(t)}
      rows={rows}
      isPending={isPending}
      error={error ? failureText(error, downlineCountTexts()) : null}
      emptyText={t('noData')}
      getRowKey={(row) => String(row.level)}
      getRowAttributes={(row) => ({ 'data-testid': `team-power-level-${row.level}` })}
      minWidthClassName="min-w-[20rem]"
      skeleton={{ rows: 3, className: 'h-4 w-12' }}
    />
  );
}
