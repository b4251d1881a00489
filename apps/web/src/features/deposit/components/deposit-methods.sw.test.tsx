import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubActions } from '@/testing/action-boundary';
import { ok } from '@/testing/fetch-boundary';
import { renderWithClient, startEachTestInSwahili } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { DepositHistoryTable } from './deposit-history-table';
import { DepositMethods } from './deposit-methods';

startEachTestInSwahili();

describe('the deposit screen in Swahili', () => {
  it('shows the methods, the forms, their messages and the history in Swahili', async () => {
    stubActions({
      userdata: ok(buildUserData()),
      grabpayment: ok({
        stkpush: true,
        flutter: true,
        procedure: { 'Paybill 123456': [[{ Step: 1, Description: 'Go to M-Pesa' }], '', '0700000000'] },
      }),
      deposithistory: ok({
        history: [
          { Id: '7', Amount: '500.00', Phone: '254700000001', 'Transaction Code': 'QK1', Status: 1, Date: 'd', Time: 't' },
        ],
      }),
    });
    const { user } = renderWithClient(
      <>
        <DepositMethods />
        <DepositHistoryTable />
      </>,
    );
    expect(await screen.findByText('Kiungo cha malipo')).toBeTruthy();
    expect(screen.getByText('Lipa mwenyewe')).toBeTruthy();
    expect(screen.getByText('Nambari ya msaada:')).toBeTruthy();
    expect(screen.getByLabelText('Nambari ya simu ya M-Pesa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lipa kwa M-Pesa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pata kiungo cha malipo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tuma msimbo' })).toBeTruthy();
    expect(screen.getByText('Amana za Hivi Karibuni')).toBeTruthy();
    expect(await screen.findByText('Imekataliwa')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Msimbo wa Muamala' })).toBeTruthy();

    // A client-side check of the payment link form, in Swahili (the spec's 'Please enter a valid amount').
    const linkForm = screen.getByRole('form', { name: 'Kuweka pesa kwa kiungo cha malipo' });
    await user.type(linkForm.querySelector('input') as HTMLInputElement, 'abc');
    await user.click(screen.getByRole('button', { name: 'Pata kiungo cha malipo' }));
    expect((await screen.findAllByText('Tafadhali weka kiasi sahihi')).length).toBeGreaterThan(0);
  });
});
