import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { FraudSignalsNotice } from './fraud-signals-notice';

resetAfterEachTest();

describe('FraudSignalsNotice', () => {
  it('names each signal, the 90 days, the legal basis and the person deciding, in English and Swahili', async () => {
    renderWithClient(<FraudSignalsNotice />);
    expect(screen.getByText('How we look for accounts run by one person')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText(/deleted after 90 days/)).toBeTruthy();
    expect(screen.getByText(/Data Protection Act 2019/)).toBeTruthy();
    expect(screen.getByText(/a person on our team always makes the decision/)).toBeTruthy();
    await act(() => setLanguage('sw'));
    expect(screen.getByText(/Sheria ya Ulinzi wa Data ya 2019/)).toBeTruthy();
  });
});
