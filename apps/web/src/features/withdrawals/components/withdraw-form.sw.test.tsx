import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubActions } from '@/testing/action-boundary';
import { ok } from '@/testing/fetch-boundary';
import { renderWithClient, startEachTestInSwahili } from '@/testing/render';
import { buildUserData } from '@/testing/user-data';
import { WithdrawalHistoryTable } from './withdrawal-history-table';
import { WithdrawForm } from './withdraw-form';
import { WithdrawNotice } from './withdraw-notice';

startEachTestInSwahili();

describe('the withdrawal screens in Swahili', () => {
  it('shows the withdraw form, its wallets and its messages in Swahili', async () => {
    const { user } = renderWithClient(<WithdrawForm user={buildUserData()} />);
    const account = screen.getByLabelText('Akaunti') as HTMLSelectElement;
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Chagua akaunti', 'Jumbo (KES 1,000.00)', 'YouTube (KES 250.50)', 'TikTok (KES 0.00)', 'Matangazo (KES 40.00)']);
    const amount = screen.getByLabelText('Kiasi (KES)');
    await user.click(screen.getByRole('button', { name: 'Toa pesa' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Tafadhali chagua akaunti',
      'Kiasi kinahitajika',
    ]);
    await user.selectOptions(account, '1');
    await user.type(amount, '99');
    await user.click(screen.getByRole('button', { name: 'Toa pesa' }));
    expect(await screen.findByText('Kiasi cha chini cha kutoa pesa ni KES 100.00')).toBeTruthy();
    // The charge and total: the words change, the amounts keep the money helpers' format.
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getByText('Jumla')).toBeTruthy();
    expect(screen.getByTestId('withdraw-total').textContent).toBe('KES 129.00');
  });

  it('shows the notice and the history with Swahili headers and statuses', async () => {
    stubActions({
      withdrawalhistory: ok([
        {
          No: 1,
          Amount: '500.00',
          Charges: '30.00',
          Status: '2',
          Date: '2026-01-05',
          Time: '10:00',
          Receipt: 'QAB1',
          Reason: null,
        },
        {
          No: 2,
          Amount: '200.00',
          Charges: '30.00',
          Status: '0',
          Date: '2026-01-06',
          Time: '11:00',
          Receipt: null,
          Reason: null,
        },
      ]),
    });
    renderWithClient(
      <>
        <WithdrawNotice />
        <WithdrawalHistoryTable />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Kabla ya kutoa pesa' })).toBeTruthy();
    expect(screen.getByLabelText('Usinikumbushe tena')).toBeTruthy();
    expect(await screen.findByText('Imekamilika')).toBeTruthy();
    expect(screen.getByText('Inasubiri')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Na.',
      'Kiasi',
      'Ada',
      'Hali',
      'Tarehe',
      'Saa',
    ]);
    expect(screen.getByTestId('withdrawal-receipt').textContent).toBe('Risiti QAB1');
    expect(screen.getByText('Historia ya Utoaji wa Pesa')).toBeTruthy();
  });
});
