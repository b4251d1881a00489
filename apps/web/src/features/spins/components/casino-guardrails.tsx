import { SELF_EXCLUSION_PERIODS, type SelfExclusionPeriod, type SpinStateData } from '@tuzo/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { translate, useTexts } from '@/i18n';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useConfirmSpinAge } from '../api/confirm-spin-age';
import { useExcludeFromSpins } from '../api/exclude-from-spins';
import { spinsTexts } from '../texts';

const PERIOD_LABELS: Record<SelfExclusionPeriod, 'period1' | 'period7' | 'period30' | 'periodForever'> = {
  '1': 'period1',
  '7': 'period7',
  '30': 'period30',
  forever: 'periodForever',
};

/** Why casino spins are closed to this member right now, or null when they are open. */
export function casinoClosedReason(state: SpinStateData): string | null {
  if (state.casino_disabled) return translate(spinsTexts, 'casinoDisabled');
  if (state.excluded_forever) return translate(spinsTexts, 'excludedForever');
  if (state.excluded_until)
    return translate(spinsTexts, 'excludedUntil', { until: new Date(state.excluded_until).toLocaleString() });
  return null;
}

/** The age statement needed before the first casino spin. */
export function AgeConfirmation() {
  const confirm = useConfirmSpinAge();
  const [isChecked, setChecked] = useState(false);
  const t = useTexts(spinsTexts);
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      const message = failureText(error, { failed: t('ageSaveFailed') });
      if (message) showErrorToast(message);
    }
  };
  return (
    <Alert tone="warning" className="flex flex-col gap-2" data-testid="spin-age">
      <p>{t('ageWarning')}</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={isChecked} onChange={(event) => setChecked(event.target.checked)} />
        {t('ageConfirm')}
      </label>
      <Button size="sm" disabled={!isChecked || confirm.isPending} onClick={() => void onConfirm()}>
        {t('confirm')}
      </Button>
    </Alert>
  );
}

/** Self-exclusion: a break from casino spins that nothing lifts early. */
export function SelfExclusion() {
  const exclude = useExcludeFromSpins();
  const [period, setPeriod] = useState<SelfExclusionPeriod>('1');
  const [isConfirming, setConfirming] = useState(false);
  const t = useTexts(spinsTexts);
  const onExclude = async () => {
    try {
      const envelope = await exclude.mutateAsync(period);
      toast.success(envelope.msg || t('exclusionSaved'));
      setConfirming(false);
    } catch (error) {
      const message = failureText(error, { failed: t('exclusionFailed') });
      if (message) showErrorToast(message);
    }
  };
  return (
    <section aria-labelledby="spin-break" className="flex flex-col gap-2">
      <h2 id="spin-break" className="text-base font-semibold text-slate-900">
        {t('breakTitle')}
      </h2>
      <Field label={t('excludeFor')} htmlFor="spin-exclude-period">
        <Select
          id="spin-exclude-period"
          value={period}
          onChange={(event) => setPeriod(event.target.value as SelfExclusionPeriod)}
        >
          {SELF_EXCLUSION_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(PERIOD_LABELS[value])}
            </option>
          ))}
        </Select>
      </Field>
      {isConfirming ? (
        <div className="flex gap-2">
          <Button variant="danger" disabled={exclude.isPending} onClick={() => void onExclude()}>
            {t('excludeConfirm', { period: t(PERIOD_LABELS[period]) })}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t('excludeMe')}
        </Button>
      )}
    </section>
  );
}
