import { ShieldAlert } from 'lucide-react';
import { useTexts } from '@/i18n';
import { formatDateTime } from '@/lib/format-date';
import { useWithdrawalHold } from '../api/get-withdrawal-hold';
import { withdrawalsTexts } from '../texts';

/** After a phone change, withdrawals are paused for the operators' setting's hours: says so and until when. */
export function WithdrawalHold() {
  const t = useTexts(withdrawalsTexts);
  const hold = useWithdrawalHold();
  const data = hold.data;
  if (!data?.held_until || !data.changed_at) return null;
  return (
    <section
      role="status"
      aria-label={t('holdTitle')}
      data-testid="withdrawal-hold"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:p-4"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('holdTitle')}</p>
        <p>
          {t('holdBody', {
            changed: formatDateTime(data.changed_at),
            hours: String(data.hours),
            until: formatDateTime(data.held_until),
          })}
        </p>
      </div>
    </section>
  );
}
