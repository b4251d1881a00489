import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient, startEachTestInSwahili } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { DailyBonusCard } from './daily-bonus-card';
import { WelcomeBonusCard } from './welcome-bonus-card';

startEachTestInSwahili();

describe('the bonus screens in Swahili', () => {
  it('shows the daily and welcome bonus cards in Swahili', () => {
    const { balances } = buildUserData({
      balances: {
        target: 5,
        progress: 2,
        remaining: 3,
        percent: 40,
        dailyclaimed: false,
        welcome_target: 15,
        welcome_progress: 4,
      },
    });
    renderWithClient(
      <>
        <DailyBonusCard balances={balances} currency="KES" />
        <WelcomeBonusCard balances={balances} currency="KES" />
      </>,
    );
    expect(screen.getByText('Bonasi ya Kila Siku')).toBeTruthy();
    expect(screen.getByTestId('daily-target').textContent).toBe('pointi 5');
    expect(screen.getByText('Zimebaki akaunti 3 za ngazi ya kwanza kuwezeshwa leo ili kufikia lengo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pokea bonasi' })).toBeTruthy();
    expect(screen.getByTestId('welcome-progress').textContent).toBe('4 kati ya 15');
    expect(screen.getByText('Wamebaki wanachama 11 wa ngazi ya kwanza kuwezeshwa.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pokea bonasi ya kukaribishwa' })).toBeTruthy();
  });
});
