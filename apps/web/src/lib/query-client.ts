import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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
