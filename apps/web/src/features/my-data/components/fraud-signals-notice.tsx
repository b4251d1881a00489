import { TitledCard } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { privacyNoticeTexts } from '../privacy-notice.texts';

const SIGNALS = ['device', 'address', 'mpesa', 'payout', 'contact'] as const;

/** The privacy notice on the multi-account signals: what is kept, why, for how long and on what legal basis. */
export function FraudSignalsNotice() {
  const t = useTexts(privacyNoticeTexts);
  return (
    <TitledCard title={t('title')} contentClassName="flex flex-col gap-2 text-sm text-slate-700">
      <p>{t('purpose')}</p>
      <ul className="list-disc pl-5">
        {SIGNALS.map((signal) => (
          <li key={signal}>{t(signal)}</li>
        ))}
      </ul>
      <p>{t('storage')}</p>
      <p>{t('basis')}</p>
      <p>{t('people')}</p>
    </TitledCard>
  );
}
