import {
  TEAM_MESSAGES,
  TEAM_PAGE_LIMIT_DEFAULT,
  type MyDownlinesData,
  type TeamLevel,
  type TeamStatusFilter,
} from '@tuzo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, failureText, showErrorToast } from '@/lib/api-client';

/** Spec part 2, section 8: "Team: server msg or 'Failed to fetch team data'". */
export const MY_DOWNLINES_TEXTS = { failed: TEAM_MESSAGES.failed, thrown: 'An error occurred while fetching data' } as const;

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
    const { data } = await apiCall<MyDownlinesData>('myDownlines', {
      query: {
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
    const message = isAbort(error) ? null : failureText(error, MY_DOWNLINES_TEXTS);
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
