import { TEAM_SEARCH_MAX, TEAM_STATUS_FILTERS, type TeamLevel, type TeamStatusFilter } from '@tuzo/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { useTexts } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { myDownlinesTexts, useMyDownlines } from '../api/get-my-downlines';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { teamTexts } from '../texts';
import { TeamMembersTable } from './team-members-table';
import { TeamSummaryCards } from './team-summary-cards';

const SEARCH_DEBOUNCE_MS = 350;
const STATUS_LABELS: Record<TeamStatusFilter, 'filterAll' | 'filterActive' | 'filterDormant'> = {
  all: 'filterAll',
  active: 'filterActive',
  dormant: 'filterDormant',
};

/**
 * One team level: summary cards for the whole level, then its members searched (debounced), filtered and paged by
 * the server. A new search or filter starts again at page 1.
 */
export function TeamLevelView({ level }: { level: TeamLevel }) {
  const t = useTexts(teamTexts);
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<TeamStatusFilter>('all');
  const q = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filterKey = `${q}\u0000${status}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  // A new search or filter starts at page 1, and so does coming back to an earlier one (React's derived-state update).
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const { data, isPending, isFetching, isPlaceholderData, error } = useMyDownlines({ level, q, status, page });
  const emptyText = data?.total === 0 ? t('noData') : t('noMatch');

  return (
    <div className="flex flex-col gap-4">
      <TeamSummaryCards data={data} level={level} />
      <Card>
        <CardHeader className="gap-3">
          <CardTitle id="team-members-title">{t('levelMembers', { level })}</CardTitle>
          <TeamFilters searchText={searchText} status={status} onSearch={setSearchText} onStatus={setStatus} />
        </CardHeader>
        <CardContent className="px-0 pb-4 sm:px-0">
          <TeamMembersTable
            level={level}
            rows={data?.data}
            isPending={isPending}
            isBusy={isFetching}
            error={error && !data ? failureText(error, myDownlinesTexts()) : null}
            emptyText={emptyText}
          />
          {data ? (
            <Pager
              page={page}
              pages={data.pages}
              isBusy={isPlaceholderData}
              noun={t('pagerNoun')}
              statusTestId="team-page-status"
              className="border-t border-slate-100 px-4 pt-3"
              onPageChange={(next) => setPaging({ filterKey, page: next })}
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** The level's search box and status filter. */
function TeamFilters(props: {
  searchText: string;
  status: TeamStatusFilter;
  onSearch: (text: string) => void;
  onStatus: (status: TeamStatusFilter) => void;
}) {
  const { searchText, status, onSearch, onStatus } = props;
  const t = useTexts(teamTexts);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:flex-1">
        <label htmlFor="team-search" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('search')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="team-search"
            type="search"
            value={searchText}
            maxLength={TEAM_SEARCH_MAX}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            onChange={(event) => onSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="sm:w-48">
        <label htmlFor="team-status" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('status')}
        </label>
        <Select id="team-status" value={status} onChange={(event) => onStatus(event.target.value as TeamStatusFilter)}>
          {TEAM_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(STATUS_LABELS[value])}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
