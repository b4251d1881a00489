import { QueryClient } from '@tanstack/react-query';

/** One query client for the app; the session clears it on sign-out so no member's data outlives the session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
