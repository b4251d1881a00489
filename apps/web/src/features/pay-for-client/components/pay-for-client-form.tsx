import type { ConfirmPayForClientData } from '@tuzo/contracts';
import { useState } from 'react';
import { useTexts } from '@/i18n';
import { payForClientTexts } from '../texts';
import { PayAmountStep } from './pay-amount-step';
import { VerifyClientStep } from './verify-client-step';

/** The two-step Pay For Client form: verify the client, then pay; a payment returns to step 1 with empty fields. */
export function PayForClientForm() {
  const [client, setClient] = useState<ConfirmPayForClientData | null>(null);
  // Remounting step 1 after a payment clears its field.
  const [round, setRound] = useState(0);
  const t = useTexts(payForClientTexts);
  return (
    <div>
      <p className="mb-4 text-sm font-medium text-slate-600" aria-live="polite">
        {t('step', { step: client ? 2 : 1, what: client ? t('stepPay') : t('stepVerify') })}
      </p>
      {client ? (
        <PayAmountStep
          client={client}
          onBack={() => setClient(null)}
          onPaid={() => {
            setClient(null);
            setRound((value) => value + 1);
          }}
        />
      ) : (
        <VerifyClientStep key={round} onVerified={setClient} />
      )}
    </div>
  );
}
