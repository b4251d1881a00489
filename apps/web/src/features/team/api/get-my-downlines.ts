import { TEAM_PAGE_LIMIT_DEFAULT, type MyDownlinesData, type TeamLevel, type TeamStatusFilter } from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callAction, failureText, showErrorToast } from '@/lib/api-client';
import { teamTexts } from '../texts';

/** Spec part 2, section 8: "Team: server msg or 'Failed to fetch team data'". */
export function myDownlinesTexts(): { failed: string; thrown: string } {
  return { failed: translate(teamTexts, 'failed'), thrown: translate(teamTexts, 'fetchError') };
}

export interface MyDownlinesParams {
  level: TeamLevel;
  /** The search text as typed (already debounced); empty for none. */
  q: string;
  status: TeamStatusFilter;
  page: number;
  limit?: number;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** GET myDownlines: one level's counts and earnings, and one page of its members searched and filtered on the server. */
export async function getMyDownlines(params: MyDownlinesParams, signal?: AbortSignal): Promise<MyDownlinesData> {
  try {
    const { data } = await callAction('myDownlines', {
      payload: {
        level: params.level,
        q: params.q.trim() || undefined,
        status: params.status === 'all' ? undefined : params.status,
        page: params.page,
        limit: params.limit ?? TEAM_PAGE_LIMIT_DEFAULT,
      },
      signal,
    });
    return data;
  } catch (error) {
    // A search typed further cancels the request before it: nothing to report.
    const message = isAbort(error) ? null : failureText(error, myDownlinesTexts());
    if (message) showErrorToast(message);
    throw error;
  }
}

export const myDownlinesQueryOptions = (params: MyDownlinesParams) =>
  queryOptions({
    queryKey: ['team', 'level', params],
    queryFn: ({ signal }) => getMyDownlines(params, signal),
    // The previous page stays on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useMyDownlines(params: MyDownlinesParams) {
  return useQuery(myDownlinesQueryOptions(params));
}
