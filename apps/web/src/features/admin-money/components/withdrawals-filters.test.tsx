import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WithdrawalsFilter } from '../api/get-admin-withdrawals';
import { WithdrawalsFilters } from './withdrawals-filters';

function renderFilters() {
  const applied: WithdrawalsFilter[] = [];
  const statuses: string[] = [];
  render(
    <WithdrawalsFilters status="0" onStatusChange={(status) => statuses.push(status)} onApply={(next) => applied.push(next)} />,
  );
  return { user: userEvent.setup(), applied, statuses };
}

describe('WithdrawalsFilters', () => {
  it('applies only the filled filters when the form is submitted', async () => {
    const { user, applied } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(applied).toEqual([{}]);
    await user.type(screen.getByLabelText('Member'), 'amina');
    await user.selectOptions(screen.getByLabelText('Wallet'), 'balance');
    expect(applied).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(applied[1]).toEqual({ username: 'amina', wallet: 'balance' });
  });

  it('drops a filter that was typed and then cleared', async () => {
    const { user, applied } = renderFilters();
    const member = screen.getByLabelText('Member');
    await user.type(member, 'amina');
    await user.clear(member);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(applied).toEqual([{}]);
  });

  it('changes the status from its buttons, outside the form', async () => {
    const { user, applied, statuses } = renderFilters();
    expect(screen.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    expect(statuses).toEqual(['2']);
    expect(applied).toEqual([]);
  });
});
