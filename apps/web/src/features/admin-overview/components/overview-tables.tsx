import type { AdminOverviewData } from '@tuzo/contracts';
import type { DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { count, money } from './chart-series';

type CountryRow = AdminOverviewData['members']['by_country'][number];
type EarnerRow = AdminOverviewData['top_earners'][number];

const COUNTRY_COLUMNS: DataTableColumn<CountryRow>[] = [
  { header: 'Country', cell: (row) => row.country },
  { header: 'Total', isNumeric: true, cell: (row) => count(row.total) },
  { header: 'Active', isNumeric: true, cell: (row) => count(row.active) },
  { header: 'Dormant', isNumeric: true, cell: (row) => count(row.dormant) },
  { header: 'Suspended', isNumeric: true, cell: (row) => count(row.suspended) },
];

/** The members who earned most, ranked. */
export function TopEarnersCard({ earners, currency }: { earners: AdminOverviewData['top_earners']; currency: string }) {
  const columns: DataTableColumn<EarnerRow>[] = [
    { header: '#', isNumeric: true, cell: (row) => String(earners.indexOf(row) + 1) },
    { header: 'Member', cell: (row) => row.username },
    { header: 'Country', cell: (row) => row.country },
    { header: 'Status', cell: (row) => row.status },
    { header: `Earned (${currency})`, isNumeric: true, cell: (row) => money(row.earned) },
  ];
  return (
    <TableCard
      title="Top earners"
      titleId="overview-earners-title"
      columns={columns}
      rows={earners}
      emptyText="Nobody has earned yet."
      getRowKey={(row) => row.username}
      getRowAttributes={(row) => ({ 'data-testid': 'earner-row', 'data-username': row.username })}
      minWidthClassName="min-w-[32rem]"
      isPending={false}
    />
  );
}

/** Members per country, by status. */
export function CountriesCard({ countries }: { countries: AdminOverviewData['members']['by_country'] }) {
  return (
    <TableCard
      title="Members by country"
      titleId="overview-countries-title"
      columns={COUNTRY_COLUMNS}
      rows={countries}
      emptyText="No members yet."
      getRowKey={(row) => row.abbreviation}
      getRowAttributes={(row) => ({ 'data-testid': 'country-row', 'data-country': row.abbreviation })}
      minWidthClassName="min-w-[30rem]"
      isPending={false}
    />
  );
}
