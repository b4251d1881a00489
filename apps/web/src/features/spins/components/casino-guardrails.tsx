import { SELF_EXCLUSION_PERIODS, type SelfExclusionPeriod, type SpinStateData } from '@tuzo/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useConfirmSpinAge } from '../api/confirm-spin-age';
import { useExcludeFromSpins } from '../api/exclude-from-spins';

const PERIOD_LABELS: Record<SelfExclusionPeriod, string> = { '1': '1 day', '7': '7 days', '30': '30 days', forever: 'Forever' };

/** Why casino spins are closed to this member right now, or null when they are open. */
export function casinoClosedReason(state: SpinStateData): string | null {
  if (state.casino_disabled) return 'Casino spins are not available in your country.';
  if (state.excluded_forever) return 'You have excluded yourself from casino spins permanently.';
  if (state.excluded_until)
    return `You have excluded yourself from casino spins until ${new Date(state.excluded_until).toLocaleString()}.`;
  return null;
}

/** The age statement needed before the first casino spin. */
export function AgeConfirmation() {
  const confirm = useConfirmSpinAge();
  const [isChecked, setChecked] = useState(false);
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      const message = failureText(error, { failed: 'Could not save your confirmation' });
      if (message) showErrorToast(message);
    }
  };
  return (
    <Alert tone="warning" className="flex flex-col gap-2" data-testid="spin-age">
      <p>Casino spins stake real money and are for adults only.</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={isChecked} onChange={(event) => setChecked(event.target.checked)} />I confirm that I am 18
        years or older
      </label>
      <Button size="sm" disabled={!isChecked || confirm.isPending} onClick={() => void onConfirm()}>
        Confirm
      </Button>
    </Alert>
  );
}

/** Self-exclusion: a break from casino spins that nothing lifts early. */
export function SelfExclusion() {
  const exclude = useExcludeFromSpins();
  const [period, setPeriod] = useState<SelfExclusionPeriod>('1');
  const [isConfirming, setConfirming] = useState(false);
  const onExclude = async () => {
    try {
      const envelope = await exclude.mutateAsync(period);
      toast.success(envelope.msg || 'Exclusion saved');
      setConfirming(false);
    } catch (error) {
      const message = failureText(error, { failed: 'Could not save the exclusion' });
      if (message) showErrorToast(message);
    }
  };
  return (
    <section aria-labelledby="spin-break" className="flex flex-col gap-2">
      <h2 id="spin-break" className="text-base font-semibold text-slate-900">
        Take a break
      </h2>
      <Field label="Exclude me from casino spins for" htmlFor="spin-exclude-period">
        <Select
          id="spin-exclude-period"
          value={period}
          onChange={(event) => setPeriod(event.target.value as SelfExclusionPeriod)}
        >
          {SELF_EXCLUSION_PERIODS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      {isConfirming ? (
        <div className="flex gap-2">
          <Button variant="danger" disabled={exclude.isPending} onClick={() => void onExclude()}>
            Yes, exclude me ({PERIOD_LABELS[period]}); it cannot be lifted early
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Exclude me
        </Button>
      )}
    </section>
  );
}
