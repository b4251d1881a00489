import type { ConfirmPayForClientData } from '@tuzo/contracts';
import { useState } from 'react';
import { PayAmountStep } from './pay-amount-step';
import { VerifyClientStep } from './verify-client-step';

/** The two-step Pay For Client form: verify the client, then pay; a payment returns to step 1 with empty fields. */
export function PayForClientForm() {
  const [client, setClient] = useState<ConfirmPayForClientData | null>(null);
  // Remounting step 1 after a payment clears its field.
  const [round, setRound] = useState(0);
  return (
    <div>
      <p className="mb-4 text-sm font-medium text-slate-600" aria-live="polite">
        Step {client ? 2 : 1} of 2: {client ? 'choose the wallet and amount' : 'verify your client'}
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
