import { MEMBER_STATUSES, type AdminMemberRow } from '@tuzo/contracts';
import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { OperatorOnly } from '@/components/operator-only';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { listError, TableCard } from '@/components/ui/table-card';
import { filledFields } from '@/lib/form';
import { formatDateTime } from '@/lib/format-date';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMembers, type MembersFilter } from '../api/get-members';
import { MemberStatusBadge } from './member-status-badge';

const FILTER_KEYS = ['q', 'status', 'country', 'joined_from', 'joined_to'] as const;
type FilterFields = Required<Pick<MembersFilter, (typeof FILTER_KEYS)[number]>>;
const NO_FILTER: FilterFields = { q: '', status: '', country: '', joined_from: '', joined_to: '' };

function readFilter(params: URLSearchParams): MembersFilter {
  const filter: MembersFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}

const COLUMNS: Array<DataTableColumn<AdminMemberRow>> = [
  {
    header: 'Member',
    cell: (row) => (
      <Link
        to={`/admin/members/${encodeURIComponent(row.username)}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {row.username}
      </Link>
    ),
  },
  { header: 'Phone', className: 'tabular-nums', cell: (row) => row.phone },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Country', cell: (row) => row.country },
  { header: 'Status', cell: (row) => <MemberStatusBadge status={row.status} /> },
  { header: 'Joined', cell: (row) => formatDateTime(row.joined_at) },
];

/** Members: search by username, phone or email, filter by status, country and join date; paged; CSV export. */
export function MembersSearch() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  // Exports are for operators (the server refuses them to support staff).
  const { data, isPending, isFetching, error } = useMembers(filter, page);

  function apply(next: MembersFilter, nextPage = 1) {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key] ?? '');
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold text-slate-900">Members</h1>
      <MembersFilterForm filter={filter} onApply={apply} />
      <TableCard
        headerClassName="flex-row items-center justify-between gap-3"
        title="Results"
        titleId="members-title"
        headerExtra={
          <OperatorOnly>
            <ExportButton name="members" filters={filter} />
          </OperatorOnly>
        }
        columns={COLUMNS}
        rows={data?.rows}
        isPending={isPending}
        isBusy={isFetching}
        error={listError(error, 'Failed to load members')}
        emptyText="No member matches."
        getRowKey={(row) => row.id}
        getRowAttributes={(row) => ({ 'data-testid': 'member-row', 'data-username': row.username })}
        minWidthClassName="min-w-[48rem]"
        hasSwipeHint
      >
        {data ? (
          <Pager
            page={data.page}
            limit={data.limit}
            total={data.total}
            isTotalCapped={data.is_total_capped}
            noun="members"
            onPageChange={(next) => apply(filter, next)}
          />
        ) : null}
      </TableCard>
    </div>
  );
}

/** The search form; an empty field is no filter: only the filled ones go into the address. */
function MembersFilterForm({ filter, onApply }: { filter: MembersFilter; onApply: (filter: MembersFilter) => void }) {
  const form = useForm<FilterFields>({ defaultValues: { ...NO_FILTER, ...filter } });
  const countries = useCountryOptions();
  // The country list arrives after the form: once its options exist, the select shows the country from the address.
  useEffect(() => {
    if (countries.data) form.setValue('country', form.getValues('country'));
  }, [countries.data, form]);
  const submit = form.handleSubmit((typed) => onApply(filledFields(typed)));
  return (
    <form
      role="search"
      aria-label="Search members"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2">
        <Field label="Username, phone or email" htmlFor="member-q">
          <Input id="member-q" type="search" {...form.register('q')} placeholder="e.g. jane, 0712, @gmail" />
        </Field>
      </div>
      <Field label="Status" htmlFor="member-status">
        <Select id="member-status" {...form.register('status')}>
          <option value="">Any status</option>
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status[0]?.toUpperCase()}
              {status.slice(1)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Country" htmlFor="member-country">
        <Select id="member-country" {...form.register('country')}>
          <option value="">Any country</option>
          {(countries.data ?? []).map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Joined from" htmlFor="member-from">
        <Input id="member-from" type="date" {...form.register('joined_from')} />
      </Field>
      <Field label="Joined until" htmlFor="member-to">
        <Input id="member-to" type="date" {...form.register('joined_to')} />
      </Field>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            form.reset(NO_FILTER);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
