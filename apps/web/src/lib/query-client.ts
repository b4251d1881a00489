import { QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from './api-client';
import {
  fetchUserData,
  provideUserDataQuery,
  readStoredUser,
  readStoredUserFetchedAt,
  useIsSessionVerified,
  userDataQueryKey,
} from './session';

/** A failed envelope is the server's answer, so asking again changes nothing; a network failure is tried once more. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError) && failureCount < 1;
}

/** One query client for the app; the session clears it on sign-out so no member's data outlives the session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * The signed-in member's details, balances and fee settings; seeded from local storage with the time they were fetched
 * (so `dataUpdatedAt` says how old they are, offline too), refreshed by timer. Handed to the session here, so
 * TanStack Query loads with the first screen that uses it, not with /login (decision 058).
 */
function useUserDataQuery() {
  const isVerified = useIsSessionVerified();
  return useQuery({
    queryKey: userDataQueryKey,
    queryFn: fetchUserData,
    enabled: isVerified,
    initialData: readStoredUser,
    initialDataUpdatedAt: readStoredUserFetchedAt,
    staleTime: 15_000,
  });
}

provideUserDataQuery({
  use: useUserDataQuery,
  set: (data) => queryClient.setQueryData(userDataQueryKey, data),
  invalidate: (refetch) => {
    // Invalidating marks only a query that exists: before the first screen uses it, create it from the stored copy
    // (with its time), or the stored copy would seed it as fresh and a reload would show balances from before it.
    const stored = queryClient.getQueryState(userDataQueryKey) ? undefined : readStoredUser();
    if (stored) queryClient.setQueryData(userDataQueryKey, stored, { updatedAt: readStoredUserFetchedAt() });
    return queryClient.invalidateQueries({ queryKey: userDataQueryKey, ...(refetch ? {} : { refetchType: 'none' as const }) });
  },
  clear: () => queryClient.clear(),
});
