import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTexts } from '@/i18n';
import { myDataTexts } from '../texts';
import { CloseAccountCard } from './close-account-card';
import { EmailCard, PhoneCard } from './contact-cards';
import { DownloadCard } from './download-card';
import { FraudSignalsNotice } from './fraud-signals-notice';
import { StatementCard } from './statement-card';

/** /my-data: the member's data rights in one place (decision 040), opened from the profile. */
export function MyDataPage() {
  const t = useTexts(myDataTexts);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('pageTitle')}</h1>
        <Link to="/profile" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('back')}
        </Link>
      </div>
      <DownloadCard />
      <StatementCard />
      <EmailCard />
      <PhoneCard />
      <CloseAccountCard />
      <FraudSignalsNotice />
    </div>
  );
}
