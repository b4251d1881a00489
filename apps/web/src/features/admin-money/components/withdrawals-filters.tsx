import { MEMBER_WALLETS, WALLET_LABELS, type WithdrawalStatus } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { STATUS_LABELS } from '@/components/ui/status-badge';
import { filledFields } from '@/lib/form';
import type { WithdrawalsFilter } from '../api/get-admin-withdrawals';

/** The status filters, in the operator's order. */
const STATUSES: readonly WithdrawalStatus[] = ['0', '2', '1'];

/** The form's fields; the status is chosen by the buttons above it. */
type FilterFields = Required<Pick<WithdrawalsFilter, 'username' | 'wallet' | 'from' | 'to'>>;

export interface WithdrawalsFiltersProps {
  status: WithdrawalStatus;
  onStatusChange: (status: WithdrawalStatus) => void;
  /** The member, wallet and date filters, applied when the form is submitted. */
  onApply: (filter: WithdrawalsFilter) => void;
}

/** The status buttons and the member / wallet / date form above the withdrawal queue. */
export function WithdrawalsFilters({ status, onStatusChange, onApply }: WithdrawalsFiltersProps) {
  const form = useForm<FilterFields>({ defaultValues: { username: '', wallet: '', from: '', to: '' } });
  // An empty field is no filter, so it is left out of what the queue asks for.
  const apply = form.handleSubmit((typed) => onApply(filledFields(typed)));
  return (
    <>
      <div role="group" aria-label="Show withdrawals by status" className="flex flex-wrap gap-2">
        {STATUSES.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={status === filter ? 'primary' : 'outline'}
            aria-pressed={status === filter}
            onClick={() => onStatusChange(filter)}
          >
            {STATUS_LABELS[filter].label}
          </Button>
        ))}
      </div>
      <form
        aria-label="Filter withdrawals"
        onSubmit={(event) => void apply(event)}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <Field label="Member" htmlFor="withdrawals-username">
          <Input id="withdrawals-username" {...form.register('username')} placeholder="Exact username" />
        </Field>
        <Field label="Wallet" htmlFor="withdrawals-wallet">
          <Select id="withdrawals-wallet" {...form.register('wallet')}>
            <option value="">Any wallet</option>
            {MEMBER_WALLETS.filter((wallet) => wallet !== 'deposit').map((wallet) => (
              <option key={wallet} value={wallet}>
                {WALLET_LABELS[wallet]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Requested from" htmlFor="withdrawals-from">
          <Input id="withdrawals-from" type="date" {...form.register('from')} />
        </Field>
        <Field label="Requested until" htmlFor="withdrawals-to">
          <Input id="withdrawals-to" type="date" {...form.register('to')} />
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="outline">
            Apply filters
          </Button>
        </div>
      </form>
    </>
  );
}
