import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawalRow } from './withdrawal-row';
import { WithdrawalsTable } from './withdrawals-table';

const ROW: AdminWithdrawalRow = {
  id: '7',
  username: 'wanjiku',
  phone: '254712345678',
  wallet: 'balance',
  amount: '300.00',
  fee: '5.00',
  currency: 'KES',
  amount_system: '300.00',
  fee_system: '5.00',
  status: '0',
  created_at: '2026-11-25T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
  payout_state: null,
};

function renderTable(rows: AdminWithdrawalRow[]) {
  render(
    <MemoryRouter>
      <WithdrawalsTable
        labelledBy="t"
        rows={rows}
        isPending={false}
        isBusy={false}
        error={null}
        canDecide
        canSelect
        selected={new Set()}
        onToggle={() => undefined}
        onDecide={() => undefined}
      />
    </MemoryRouter>,
  );
}

describe('WithdrawalsTable', () => {
  it('offers Approve, Decline and selection for a pending withdrawal no payout is paying', () => {
    renderTable([ROW]);
    expect(screen.getByRole('button', { name: 'Approve wanjiku 300.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline wanjiku 300.00' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select wanjiku 300.00' })).toBeTruthy();
  });

  it('shows a pending withdrawal being paid with its payout state and a link to Payouts, with nothing to decide', () => {
    renderTable([{ ...ROW, payout_state: 'unknown' }]);
    expect(screen.queryByRole('button', { name: /Approve|Decline/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const link = screen.getByTestId('withdrawal-payout-state');
    expect(link.textContent).toBe('Being paid: no result yet, check on Payouts');
    expect(link.getAttribute('href')).toBe('/admin/payouts');
  });
});
