import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The user-data query is handed to the session by the query client's module, which the app loads with its signed-in
// routes (decision 058); components tested on their own need it the same way.
import '@/lib/query-client';

/**
 * What Testing Library does by itself when the runner has globals (the tests import `afterEach`, so it is said
 * here): React is told it runs under tests, so updates are flushed inside `act`, and each test's render is removed.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
