import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubActions } from '@/testing/action-boundary';
import { ok } from '@/testing/fetch-boundary';
import { renderWithClient, startEachTestInSwahili } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { CasinoSpinPanel } from './casino-spin-panel';
import { SelfExclusion } from './casino-guardrails';
import { resultMessage } from './spin-result';
import { SpinOdds } from './spin-odds';

const STATE = {
  server_seed_hash: 'ab'.repeat(32),
  client_seed: 'seed-1',
  nonce: 3,
  free_spin_used: false,
  age_confirmed: true,
  casino_disabled: false,
  excluded_until: null,
  excluded_forever: false,
  minStake: '20.00',
  rounds: 5,
  currency: 'KES',
};
const ODDS = {
  kind: 'casino',
  segments: [
    { figure: '0', probability: 0.5, weight: 1 },
    { figure: '2', probability: 0.5, weight: 1 },
  ],
  total_weight: 2,
  expected_return: '100.00',
  expected_prize: null,
  minStake: '20.00',
  rounds: 5,
  currency: 'KES',
};

startEachTestInSwahili();

describe('the casino spin screen in Swahili', () => {
  it('shows the wheel, the stake form, the odds and the break in Swahili', async () => {
    stubActions({ spinstate: ok(STATE), spinodds: ok(ODDS) });
    const { user } = renderWithClient(
      <>
        <CasinoSpinPanel user={buildUserData()} />
        <SpinOdds kind="casino" />
        <SelfExclusion />
      </>,
    );
    expect(screen.getByTestId('spin-wheel').querySelector('svg')?.getAttribute('aria-label')).toMatch(/^Gurudumu la kasino: /);
    const wallet = screen.getByLabelText('Pochi');
    expect(
      within(wallet)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Salio la Jumbo (KES 1,000.00)', 'Amana (KES 0.00)']);
    const stake = screen.getByLabelText('Dau (KES)');
    expect(await screen.findByRole('button', { name: 'Zungusha' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Marejesho yanayotarajiwa: 100.00 % ya dau. Kila mzunguko huchaguliwa kutoka kwenye jedwali hili pekee.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Kizidishi' })).toBeTruthy();

    await user.clear(stake);
    await user.type(stake, '5000');
    expect(screen.getByText('Salio halitoshi')).toBeTruthy();
    await user.clear(stake);
    await user.type(stake, '5');
    expect(screen.getByText('Dau la chini ni KES 20.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Nizuie' }));
    expect(screen.getByRole('button', { name: 'Ndiyo, nizuie (Siku 1); zuio hili haliwezi kuondolewa mapema' })).toBeTruthy();
  });

  it('says the result of a spin in Swahili', () => {
    const spin = {
      figures: ['0', '2'],
      default: '2',
      minStake: '20.00',
      rounds: 5,
      segment: 1,
      kind: 'casino' as const,
      stake: '20.00',
      win: '40.00',
      currency: 'KES',
      server_seed_hash: 'h',
      client_seed: 'c',
      nonce: 1,
    };
    expect(resultMessage(spin)).toBe('x2: KES 40.00 zimewekwa kwenye Jumbo (dau KES 20.00)');
    expect(resultMessage({ ...spin, kind: 'free', win: '0.00' })).toBe('Hakuna zawadi wakati huu');
  });
});
