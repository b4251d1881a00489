import { TitledCard } from '@/components/ui/card';
import { PayForClientForm, payForClientTexts, TransferHistoryTable } from '@/features/pay-for-client';
import { useTexts } from '@/i18n';

/** Pay For Client (/pay-for-client): the two-step form and the transfer history. */
export default function PayForClientRoute() {
  const t = useTexts(payForClientTexts);
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <TitledCard title={t('pageTitle')} description={t('pageDescription')} titleClassName="text-lg">
        <PayForClientForm />
      </TitledCard>
      <TransferHistoryTable />
    </div>
  );
}
