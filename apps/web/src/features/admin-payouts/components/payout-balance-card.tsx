import { PAYOUT_PROVIDER_LABELS, type AdminPayoutBalanceData } from '@tuzo/contracts';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/money';
import { toastFailure } from '@/lib/refusal';
import { PAYOUT_BALANCE_TEXTS, usePayoutBalance, useRequestPayoutBalance } from '../api/get-payout-balance';
import { LoadState } from './load-state';

/** How long the card keeps reloading after asking M-Pesa, waiting for the balance query's result. */
const AWAIT_ANSWER_MS = 15_000;

type ReportedBalance = { source: string; reported_at: string };

/** The server time of the newest report (0 when none). */
function newestReport(balances: readonly ReportedBalance[]): number {
  return balances.reduce((newest, each) => Math.max(newest, Date.parse(each.reported_at)), 0);
}

function isQueryAnswer(balance: ReportedBalance, askedAfter: number): boolean {
  return balance.source === BALANCE_QUERY_SOURCE && Date.parse(balance.reported_at) > askedAfter;
}

/** The `source` of a balance the account balance query reported (the server's words). */
const BALANCE_QUERY_SOURCE = 'balance query';

type PayoutBalance = AdminPayoutBalanceData['balances'][number];

/** The balances and the question to M-Pesa: after asking, reloads until the answer comes (or for 15 seconds). */
function useAskedBalance() {
  // When asking, the newest report already shown (server time): the answer is a balance-query report after it.
  const [askedAfter, setAskedAfter] = useState<number | null>(null);
  const { data, isPending, error } = usePayoutBalance(askedAfter !== null);
  const ask = useRequestPayoutBalance();
  useEffect(() => {
    if (askedAfter === null) return;
    const timer = setTimeout(() => setAskedAfter(null), AWAIT_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [askedAfter]);
  // The answer came: a balance from the query, reported after the newest report shown when asking. Both times are the
  // server's, so the browser's clock plays no part (comparing with Date.now() took a payout result that came just
  // before the question for its answer, and stopped reloading before the answer came).
  const balances = data?.balances ?? [];
  const isAnswered = askedAfter !== null && balances.some((each) => isQueryAnswer(each, askedAfter));
  useEffect(() => {
    if (isAnswered) setAskedAfter(null);
  }, [isAnswered]);

  async function runAsk() {
    try {
      const envelope = await ask.mutateAsync();
      toast.success(envelope.msg);
      if (envelope.data.asked) setAskedAfter(newestReport(balances));
    } catch (thrown) {
      toastFailure(thrown, 'M-Pesa could not be asked');
    }
  }
  return { data, isPending, error, isAwaiting: askedAfter !== null, isAsking: ask.isPending, runAsk };
}

function providerLabel(each: PayoutBalance): string {
  return PAYOUT_PROVIDER_LABELS[each.provider];
}

/** The balances below the alert, and since when each has been low. */
function LowBalanceAlert({ low }: { low: PayoutBalance[] }) {
  if (low.length === 0) return null;
  return (
    <Alert tone="warning" data-testid="low-balance-alert">
      {low.map((each) => `${providerLabel(each)} ${formatMoney(each.balance, each.currency)}`).join(', ')}{' '}
      {low.length === 1 ? 'is' : 'are'} below the alert: top the account up before payouts fail for lack of funds.
      {low
        .filter((each) => each.low_since)
        .map((each) => (
          <span key={`${each.provider}-${each.currency}`} className="block" data-testid="low-since">
            {low.length > 1 ? `${providerLabel(each)}: ` : ''}Low since {formatDateTime(each.low_since)}
          </span>
        ))}
    </Alert>
  );
}

function BalanceList({ balances }: { balances: PayoutBalance[] }) {
  if (balances.length === 0)
    return <p className="text-sm text-slate-600">No balance reported yet: ask M-Pesa, or wait for the next payout’s result.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label="Payout balances">
      {balances.map((each) => (
        <li
          key={`${each.provider}-${each.currency}`}
          data-testid="payout-balance"
          data-low={each.is_low ? 'true' : 'false'}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1"
        >
          <span className="font-medium text-slate-900">{providerLabel(each)}</span>
          <span className="font-semibold tabular-nums">{formatMoney(each.balance, each.currency)}</span>
          <span className="text-xs text-slate-600">
            from the {each.source}, {formatDateTime(each.reported_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The payout balances as the providers last reported them (every B2C result carries the utility balance, and the
 * balance query), with an alert when one is below the setting `payouts.low_balance_alert` (operators only).
 */
export function PayoutBalanceCard() {
  const { data, isPending, error, isAwaiting, isAsking, runAsk } = useAskedBalance();
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Payout balance</CardTitle>
          <Button size="sm" variant="outline" onClick={() => void runAsk()} disabled={isAsking || isAwaiting}>
            <RefreshCw aria-hidden="true" className={isAwaiting ? 'animate-spin' : undefined} />
            Ask M-Pesa for the balance
          </Button>
        </div>
        <CardDescription>
          What the providers last reported: every M-Pesa result carries the utility balance, and you can ask for it.
          {data ? ` Alert below ${formatMoney(data.low_balance_alert, null)} (Settings, payouts.low_balance_alert).` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <LoadState isPending={isPending} error={error} texts={PAYOUT_BALANCE_TEXTS} />
        {data ? <LowBalanceAlert low={data.balances.filter((each) => each.is_low)} /> : null}
        {data ? <BalanceList balances={data.balances} /> : null}
      </CardContent>
    </Card>
  );
}
