import { PAYOUT_PROVIDER_LABELS, PayoutProviderSchema, type PayoutState } from '@tuzo/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { filledFields } from '@/lib/form';
import type { PayoutsFilter } from '../api/get-payouts';
import { PAYOUT_QUEUE_STATES, PAYOUT_STATE_LABELS } from '../utils/payout-rules';

/** The form's fields; the state is chosen by the tabs above it. */
type FilterFields = Required<Pick<PayoutsFilter, 'provider' | 'username'>>;

export interface PayoutsFiltersProps {
  state: PayoutState | '';
  counts: Partial<Record<PayoutState, number>> | undefined;
  onStateChange: (state: PayoutState | '') => void;
  /** The provider and member filters, applied when the form is submitted. */
  onApply: (filter: Omit<PayoutsFilter, 'state'>) => void;
}

/**
 * The state tabs (with how many payouts each holds) and the provider / member form. Like the other console filters
 * (decision 030) it has nothing to refuse: the select only offers the contract's providers, the username is at most
 * 40 characters, and the server checks the query with `AdminPayoutsPayloadSchema`.
 */
export function PayoutsFilters({ state, counts, onStateChange, onApply }: PayoutsFiltersProps) {
  const ids = { provider: useId(), username: useId() };
  const form = useForm<FilterFields>({ defaultValues: { provider: '', username: '' } });
  // An empty field is no filter, so it is left out of what the queue asks for.
  const apply = form.handleSubmit((typed) => onApply(filledFields({ ...typed, username: typed.username.trim() })));
  const tabs: Array<PayoutState | ''> = ['', ...PAYOUT_QUEUE_STATES];
  return (
    <>
      <div role="group" aria-label="Show payouts" className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const count = tab === '' ? undefined : counts?.[tab];
          return (
            <Button
              key={tab || 'all'}
              size="sm"
              variant={state === tab ? 'primary' : 'outline'}
              aria-pressed={state === tab}
              onClick={() => onStateChange(tab)}
            >
              {tab === '' ? 'All' : PAYOUT_STATE_LABELS[tab].label}
              {count === undefined ? null : <span className="tabular-nums opacity-80">({count.toLocaleString('en-US')})</span>}
            </Button>
          );
        })}
      </div>
      <form
        aria-label="Filter payouts"
        onSubmit={(event) => void apply(event)}
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
      >
        <Field label="Provider" htmlFor={ids.provider}>
          <Select id={ids.provider} {...form.register('provider')}>
            <option value="">Any provider</option>
            {PayoutProviderSchema.options.map((provider) => (
              <option key={provider} value={provider}>
                {PAYOUT_PROVIDER_LABELS[provider]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Member" htmlFor={ids.username}>
          <Input
            id={ids.username}
            autoCapitalize="none"
            maxLength={40}
            placeholder="Exact username"
            {...form.register('username')}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" variant="outline">
            Apply filters
          </Button>
        </div>
      </form>
    </>
  );
}
