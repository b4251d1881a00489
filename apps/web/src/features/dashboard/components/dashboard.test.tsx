import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { dashboardTexts } from '../texts';
import { Dashboard } from './dashboard';

resetAfterEachTest();

function renderDashboard() {
  const user = buildUserData({ balances: { balance: '1250.00', target: 1000, progress: 250, remaining: 750 } });
  renderWithClient(<Dashboard user={user} />, { hasRouter: true });
}

/** The dashboard bundle's English texts found in `text` (placeholders cut out, so "{count} pts" looks for " pts"). */
function englishTextsIn(text: string): string[] {
  return Object.values(dashboardTexts.en)
    .flatMap((message) => message.split(/\{[^{}]*\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 2 && text.includes(part));
}

describe('Dashboard in Swahili', () => {
  it('shows every dashboard text in Swahili after setLanguage("sw"), numbers and names unchanged', async () => {
    renderDashboard();
    const before = document.body.textContent ?? '';
    expect(screen.getByText('Jumbo Wallet')).toBeTruthy();
    expect(screen.getByText('750 pts remaining')).toBeTruthy();
    const englishBefore = englishTextsIn(before);
    expect(englishBefore.length).toBeGreaterThan(15);

    await act(() => setLanguage('sw'));

    expect(document.documentElement.lang).toBe('sw');
    expect(screen.getByText('Pochi ya Jumbo')).toBeTruthy();
    expect(screen.getByText('Salio la Jumbo')).toBeTruthy();
    expect(screen.getByText('Zimebaki pointi 750')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Toa Pesa' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Viungo vya haraka' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Maendeleo ya bonasi ya kila siku' })).toBeTruthy();
    const after = document.body.textContent ?? '';
    expect(englishTextsIn(after)).toEqual([]);
    // The member's name and the money stay as they are.
    expect(screen.getByTestId('welcome-username').textContent).toBe('amina');
    expect(after).toContain('1,250.00');
  });
});
