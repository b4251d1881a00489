import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguage } from '@/i18n';

export interface RenderOptions {
  /** Hosts the toasts, for a screen whose answers are said in toasts. */
  hasToaster?: boolean;
  /** Wraps the screen in a router, for a screen with links. */
  hasRouter?: boolean;
}

/**
 * Renders `ui` as the app hosts it: a fresh query client that never retries (a failure shows at once), and, when
 * asked, the toaster and a router. Returns Testing Library's result and a user-event `user`.
 */
export function renderWithClient(ui: ReactNode, options: RenderOptions = {}): RenderResult & { user: UserEvent } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const screen = options.hasRouter ? <MemoryRouter>{ui}</MemoryRouter> : ui;
  const result = render(
    <QueryClientProvider client={queryClient}>
      {options.hasToaster ? <Toaster /> : null}
      {screen}
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup() };
}

/** After each test of the file: the stubbed `fetch` restored, the toasts removed, the language back to English. */
export function resetAfterEachTest(): void {
  afterEach(async () => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
    await act(() => setLanguage('en'));
  });
}

/** Each test of the file starts in Swahili; `resetAfterEachTest` puts everything back. */
export function startEachTestInSwahili(): void {
  beforeEach(async () => {
    await act(() => setLanguage('sw'));
  });
  resetAfterEachTest();
}
