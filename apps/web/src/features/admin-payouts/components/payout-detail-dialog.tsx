import { PAYOUT_PROVIDER_LABELS, type AdminPayoutRow, type PayoutExchange } from '@tuzo/contracts';
import { BadgeCheck, RefreshCw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { OperatorOnly } from '@/components/operator-only';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { toastFailure } from '@/lib/refusal';
import { useCheckPayout } from '../api/check-payout';
import { PAYOUT_TEXTS, usePayout } from '../api/get-payout';
import {
  canCheckPayout,
  canSettlePayoutByHand,
  exchangeBodyText,
  PAYOUT_STATE_LABELS,
  PROVIDER_ANSWER_LABELS,
} from '../utils/payout-rules';
import { MarkFailedDialog } from './mark-failed-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';
import { MoneyAlertList } from './money-alerts';
import { PayoutStateBadge } from './payout-state-badge';
import { RetryPayoutButton } from './retry-payout-button';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Facts({ payout }: { payout: AdminPayoutRow }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Fact label="Member">
        {payout.username} ({payout.phone})
      </Fact>
      <Fact label="Amount">{formatMoney(payout.amount, payout.currency)}</Fact>
      <Fact label="State">
        <PayoutStateBadge state={payout.state} />
      </Fact>
      <Fact label="Provider">
        {PAYOUT_PROVIDER_LABELS[payout.provider]}
        {payout.attempt > 1 ? `, attempt ${payout.attempt}` : ''}
      </Fact>
      <Fact label="Our reference">
        <span className="font-mono text-xs">{payout.reference}</span>
      </Fact>
      <Fact label="Withdrawal">#{payout.withdrawal_id}</Fact>
      <Fact label="Receipt">
        <span className="font-mono" data-testid="payout-receipt">
          {payout.receipt ?? '—'}
        </span>
      </Fact>
      <Fact label="Paid to (name M-Pesa gave)">{payout.receiver_name ?? '—'}</Fact>
      <Fact label="Created">{formatDateTime(payout.created_at)}</Fact>
      <Fact label="Sent">{formatDateTime(payout.sent_at) || '—'}</Fact>
      <Fact label="Settled">{formatDateTime(payout.settled_at) || '—'}</Fact>
      {payout.failure_reason ? (
        <Fact label="Why it failed (as the member reads it)">
          <span data-testid="payout-failure-reason">{payout.failure_reason}</span>
        </Fact>
      ) : null}
      {payout.provider_detail ? <Fact label="Provider’s words">{payout.provider_detail}</Fact> : null}
      <Fact label="Provider’s last status answer">
        <span data-testid="payout-provider-answer">
          {payout.provider_answer
            ? `${PROVIDER_ANSWER_LABELS[payout.provider_answer]}${payout.provider_answer_detail ? `: ${payout.provider_answer_detail}` : ''}, ${formatDateTime(payout.provider_answer_at)}`
            : 'Not asked yet'}
        </span>
      </Fact>
    </dl>
  );
}

function Exchanges({ exchanges }: { exchanges: PayoutExchange[] }) {
  if (exchanges.length === 0) return <p className="text-sm text-slate-600">No exchange with the provider yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Exchanges with the provider">
      {exchanges.map((exchange) => (
        <li
          key={exchange.id}
          data-testid="payout-exchange"
          data-kind={exchange.kind}
          className="rounded-md border border-slate-200"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-1.5 text-sm">
            <span className="font-mono font-semibold text-slate-900">{exchange.kind}</span>
            {exchange.http_status === null ? null : <span className="text-slate-700">HTTP {exchange.http_status}</span>}
            <span className="text-slate-500">{formatDateTime(exchange.at)}</span>
          </div>
          <pre className="max-h-48 overflow-auto p-2 text-xs whitespace-pre-wrap break-all text-slate-800">
            {exchangeBodyText(exchange.body)}
          </pre>
        </li>
      ))}
    </ol>
  );
}

interface OperatorActionsProps {
  payout: AdminPayoutRow;
  /** The dialog's "check with the provider" request: the dialog stays open while it runs. */
  check: ReturnType<typeof useCheckPayout>;
  onClose: () => void;
}

/** What an operator can do with the payout: ask the provider, settle it by hand, retry it. */
function OperatorActions({ payout, check, onClose }: OperatorActionsProps) {
  const [markingPaid, setMarkingPaid] = useState<AdminPayoutRow | null>(null);
  const [markingFailed, setMarkingFailed] = useState<AdminPayoutRow | null>(null);

  async function runCheck() {
    try {
      const envelope = await check.mutateAsync(payout.id);
      toast.success(envelope.msg || 'The provider was asked');
    } catch (thrown) {
      toastFailure(thrown, 'The provider could not be asked');
      // Settled meanwhile: the hook reloaded the payout, which now shows its state.
      if (isApiError(thrown, 'NOT_FOUND')) onClose();
    }
  }

  return (
    <OperatorOnly>
      <div className="flex flex-wrap gap-2">
        {canCheckPayout(payout.state) ? (
          <Button variant="outline" onClick={() => void runCheck()} disabled={check.isPending}>
            <RefreshCw aria-hidden="true" />
            {check.isPending ? 'Asking…' : 'Check with the provider'}
          </Button>
        ) : null}
        {canSettlePayoutByHand(payout) ? (
          <>
            <Button variant="outline" onClick={() => setMarkingPaid(payout)}>
              <BadgeCheck aria-hidden="true" />
              Mark paid outside Tuzo
            </Button>
            <Button variant="outline" onClick={() => setMarkingFailed(payout)}>
              <XCircle aria-hidden="true" />
              Mark failed
            </Button>
          </>
        ) : null}
        <RetryPayoutButton payout={payout} />
      </div>
      {/* Keyed so each opening starts with an empty form. */}
      <MarkPaidDialog key={markingPaid?.id ?? 'closed'} payout={markingPaid} onClose={() => setMarkingPaid(null)} />
      <MarkFailedDialog
        key={`failed-${markingFailed?.id ?? 'closed'}`}
        payout={markingFailed}
        onClose={() => setMarkingFailed(null)}
      />
    </OperatorOnly>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

export interface PayoutDetailDialogProps {
  /** The payout to show; null keeps the dialog closed. */
  payoutId: string | null;
  onClose: () => void;
}

/** One payout: its facts, every exchange with the provider (secrets redacted), and what an operator can do with it. */
export function PayoutDetailDialog({ payoutId, onClose }: PayoutDetailDialogProps) {
  const { data, isPending, error } = usePayout(payoutId);
  const check = useCheckPayout();
  const payout = data?.payout;

  return (
    <Dialog open={payoutId !== null} onOpenChange={(isOpen) => !isOpen && !check.isPending && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Payout {payoutId ? `#${payoutId}` : ''}</DialogTitle>
        <DialogDescription>
          {payout ? PAYOUT_STATE_LABELS[payout.state].meaning : 'The payout and what its provider said.'}
        </DialogDescription>
        <div className="mt-4 flex flex-col gap-4" data-testid="payout-detail">
          {isPending && payoutId !== null ? <Skeleton className="h-24 w-full" /> : null}
          {error ? <Alert tone="error">{failureText(error, PAYOUT_TEXTS) ?? PAYOUT_TEXTS.failed}</Alert> : null}
          {payout ? (
            <>
              <Facts payout={payout} />
              <OperatorActions payout={payout} check={check} onClose={onClose} />
              {data.alerts.length > 0 ? (
                <Section title="Alerts for operators">
                  <MoneyAlertList alerts={data.alerts} />
                </Section>
              ) : null}
              <Section title="Exchanges with the provider">
                <Exchanges exchanges={data.exchanges} />
              </Section>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
