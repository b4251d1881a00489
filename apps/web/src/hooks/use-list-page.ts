import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * One page of a console list: the page shown stays while the next one loads, a failure shows at once (no retry), and
 * a page is fresh for `staleTime` (5 seconds unless said).
 */
export function useListPage<Data>(queryKey: QueryKey, queryFn: () => Promise<Data>, staleTime = 5_000) {
  return useQuery({ queryKey, queryFn, retry: false, staleTime, placeholderData: keepPreviousData });
}
