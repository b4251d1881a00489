import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, setLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { LanguageCard } from './language-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  act(() => toast.remove());
  await act(() => setLanguage('en'));
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Toaster />
      <LanguageCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('LanguageCard', () => {
  it('saves Kiswahili on the server, then shows the app in it', async () => {
    const requests = stubFetch(ok({ language: 'sw' }, { msg: 'Language saved' }));
    const user = renderCard();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Kiswahili' }));
    expect(await screen.findByText('Lugha imehifadhiwa')).toBeTruthy();
    expect(requests[0]).toMatchObject({ method: 'POST', body: { language: 'sw' } });
    expect(requests[0]!.url).toContain('action=setlanguage');
    expect(currentLanguage()).toBe('sw');
    expect(screen.getByRole('heading', { name: 'Lugha' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Kiswahili' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the language and says so when the server refuses', async () => {
    stubFetch(failed(400, 'VALIDATION_FAILED', "language must be 'en' or 'sw'"));
    const user = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Kiswahili' }));
    expect(await screen.findByText("language must be 'en' or 'sw'")).toBeTruthy();
    expect(currentLanguage()).toBe('en');
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
  });
});
