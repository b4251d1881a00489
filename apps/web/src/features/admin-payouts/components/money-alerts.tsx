import type { MoneyAlert } from '@tuzo/contracts';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { MONEY_ALERTS_TEXTS, useMoneyAlerts } from '../api/get-money-alerts';

const KIND_LABELS: Record<MoneyAlert['kind'], string> = {
  deposit_refused: 'Deposit refused',
  payout_mismatch: 'Payout result not applied',
  double_payment: 'Double payment to recover',
};

/** A list of money alerts, newest first (decision 046). */
export function MoneyAlertList({ alerts }: { alerts: readonly MoneyAlert[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Money alerts">
      {alerts.map((alert) => (
        <li key={alert.id} data-testid="money-alert" data-kind={alert.kind}>
          <Alert tone={alert.kind === 'deposit_refused' ? 'warning' : 'error'}>
            <span className="font-semibold">
              #{alert.id} {KIND_LABELS[alert.kind]}
            </span>{' '}
            <span className="text-xs text-slate-600">{formatDateTime(alert.created_at)}</span>
            <span className="block">{alert.detail}</span>
          </Alert>
        </li>
      ))}
    </ul>
  );
}

/** The console's money alerts card on /admin/payouts: shown only while there are alerts to read. */
export function MoneyAlertsCard() {
  const { data, isPending, error } = useMoneyAlerts();
  if (isPending) return <Skeleton className="h-12 w-full" />;
  if (error) return <Alert tone="error">{failureText(error, MONEY_ALERTS_TEXTS) ?? MONEY_ALERTS_TEXTS.failed}</Alert>;
  if (data.rows.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-slate-900">Money alerts</h2>
      <MoneyAlertList alerts={data.rows} />
    </section>
  );
}
