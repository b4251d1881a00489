import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { startEachTestInSwahili } from '@/testing/render';
import { TriviaIntro } from './trivia-intro';

const INFO = {
  price: '10.00',
  currency: 'KES',
  questions: 5,
  seconds: 60,
  isOpen: true,
  days: ['Monday', 'Friday'],
  closedMessage: '',
  state: 'submitted' as const,
  secondsLeft: 0,
  correct: 3,
};

startEachTestInSwahili();

describe('trivia in Swahili', () => {
  it('shows the intro, its rules with Swahili weekdays and the played state in Swahili', () => {
    render(<TriviaIntro info={INFO} isStarting={false} onStart={() => undefined} />);
    expect(screen.getByText('Chemsha Bongo')).toBeTruthy();
    expect(screen.getByText('Jibu maswali 5 ya haraka na upate pesa kwa kila jibu sahihi.')).toBeTruthy();
    expect(screen.getByText('Hadi KES 50.00 kwa siku, hulipwa kwenye pochi yako ya Jumbo.')).toBeTruthy();
    expect(screen.getByText('Unaweza kucheza mara moja kwa siku, siku za Jumatatu, Ijumaa.')).toBeTruthy();
    expect(screen.getByTestId('trivia-played').textContent).toBe(
      'Umeshacheza chemsha bongo ya leo: umepata 3 kati ya 5. Rudi kesho.',
    );
    expect(screen.getByRole('button', { name: 'Anza Chemsha Bongo' })).toBeTruthy();
  });

  it('keeps the English texts in English', async () => {
    await act(() => setLanguage('en'));
    render(<TriviaIntro info={INFO} isStarting={false} onStart={() => undefined} />);
    expect(screen.getByText('You can play once a day on Monday, Friday.')).toBeTruthy();
    expect(screen.getByTestId('trivia-played').textContent).toBe(
      'You have played today’s trivia: 3 of 5 right. Come back tomorrow.',
    );
  });
});
