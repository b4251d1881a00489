import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginRoute from './login';
import SignupRoute from './signup';
import { LANGUAGE_KEY, setLanguage } from '@/i18n';
import { ok, stubFetch } from '@/testing/fetch-boundary';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en'));
});

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/signup" element={<SignupRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the language switch of the signed-out screens', () => {
  it('switches the login screen to Swahili by keyboard, remembers it in the browser and sets <html lang>', async () => {
    const user = renderAt('/login');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeTruthy();
    const english = screen.getByRole('radio', { name: 'English' }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(english);
    await user.keyboard('{ArrowRight}');

    expect((screen.getByRole('radio', { name: 'Kiswahili' }) as HTMLInputElement).checked).toBe(true);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(screen.getByRole('group', { name: 'Lugha' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Karibu tena' })).toBeTruthy();
    expect(screen.getByLabelText('Nenosiri')).toBeTruthy();
    // The contract's validation messages show in Swahili too.
    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Jina la mtumiaji au barua pepe linahitajika')).toBeTruthy();
    expect(screen.getByText('Nenosiri linahitajika')).toBeTruthy();
  });

  it('shows the signup screen in the browser’s Swahili, with the Swahili country placeholder', async () => {
    stubFetch(ok([]));
    await act(() => setLanguage('sw'));
    renderAt('/signup');
    expect(screen.getByRole('heading', { name: 'Fungua akaunti yako' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jisajili' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Chagua nchi' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Kiswahili' }) as HTMLInputElement).checked).toBe(true);
  });
});
