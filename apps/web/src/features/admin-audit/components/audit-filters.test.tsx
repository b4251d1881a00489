import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit';
import { AuditFiltersForm } from './audit-filters';

/** The audit page's use of the form: it keeps the applied filters and shows them. */
function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [applied, setApplied] = useState(0);
  return (
    <>
      <AuditFiltersForm
        value={filters}
        actions={['staff.create', 'withdrawal.decide']}
        onApply={(next) => {
          setFilters(next);
          setApplied((count) => count + 1);
        }}
      />
      <output data-testid="applied">{JSON.stringify(filters)}</output>
      <output data-testid="count">{applied}</output>
    </>
  );
}

const applied = () => JSON.parse(screen.getByTestId('applied').textContent ?? '{}') as AuditFilters;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('AuditFiltersForm', () => {
  it('applies nothing while typing, then the trimmed filters on Filter', async () => {
    const user = userEvent.setup();
    render(<AuditPage />);
    await user.type(field('Staff member'), '  op1 ');
    await user.selectOptions(screen.getByLabelText('Action'), 'withdrawal.decide');
    await user.type(field('Member'), 'amina');
    expect(screen.getByTestId('count').textContent).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(applied()).toEqual({ staff: 'op1', auditAction: 'withdrawal.decide', member: 'amina', from: '', to: '' });
    // The form shows the filters as applied (trimmed).
    expect(field('Staff member').value).toBe('op1');
  });

  it('Clear applies no filters and empties the fields', async () => {
    const user = userEvent.setup();
    render(<AuditPage />);
    await user.type(field('Member'), 'amina');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(applied().member).toBe('amina');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(applied()).toEqual(NO_AUDIT_FILTERS);
    expect(field('Member').value).toBe('');
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('');
  });
});
