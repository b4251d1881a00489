import { MEMBER_WALLETS, WALLET_LABELS, type WithdrawalStatus } from '@tuzo/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { STATUS_LABELS } from '@/components/ui/status-badge';
import type { WithdrawalsFilter } from '../api/get-admin-withdrawals';

/** The status filters, in the operator's order. */
const STATUSES: readonly WithdrawalStatus[] = ['0', '2', '1'];

export interface WithdrawalsFiltersProps {
  status: WithdrawalStatus;
  onStatusChange: (status: WithdrawalStatus) => void;
  /** The member, wallet and date filters, applied when the form is submitted. */
  onApply: (filter: WithdrawalsFilter) => void;
}

/** The status buttons and the member / wallet / date form above the withdrawal queue. */
export function WithdrawalsFilters({ status, onStatusChange, onApply }: WithdrawalsFiltersProps) {
  const [draft, setDraft] = useState<WithdrawalsFilter>({});
  function apply(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
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
      <form aria-label="Filter withdrawals" onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Member" htmlFor="withdrawals-username">
          <Input
            id="withdrawals-username"
            value={draft.username ?? ''}
            onChange={(event) => setDraft({ ...draft, username: event.target.value })}
            placeholder="Exact username"
          />
        </Field>
        <Field label="Wallet" htmlFor="withdrawals-wallet">
          <Select
            id="withdrawals-wallet"
            value={draft.wallet ?? ''}
            onChange={(event) => setDraft({ ...draft, wallet: event.target.value })}
          >
            <option value="">Any wallet</option>
            {MEMBER_WALLETS.filter((wallet) => wallet !== 'deposit').map((wallet) => (
              <option key={wallet} value={wallet}>
                {WALLET_LABELS[wallet]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Requested from" htmlFor="withdrawals-from">
          <Input
            id="withdrawals-from"
            type="date"
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label="Requested until" htmlFor="withdrawals-to">
          <Input
            id="withdrawals-to"
            type="date"
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
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
