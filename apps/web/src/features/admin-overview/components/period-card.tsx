import type { AdminOverviewPeriod } from '@tuzo/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { count, money } from './chart-series';

/** One figure of a period card: a label, its value and an optional hint under it. */
export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-slate-50 p-3" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/** A period's figures (today, this week): money in the system currency, counts grouped. */
export function PeriodCard({
  title,
  period,
  currency,
  testId,
}: {
  title: string;
  period: AdminOverviewPeriod;
  currency: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-2 lg:grid-cols-3">
          <Figure
            label={`Deposits (${currency})`}
            value={money(period.deposits)}
            hint={`${count(period.deposits_count)} completed`}
            testId={`${testId}-deposits`}
          />
          <Figure
            label={`Withdrawals (${currency})`}
            value={money(period.withdrawals)}
            hint={`${count(period.withdrawals_count)} paid`}
            testId={`${testId}-withdrawals`}
          />
          <Figure label={`Task pay (${currency})`} value={money(period.task_payouts)} testId={`${testId}-tasks`} />
          <Figure label="Activations" value={count(period.activations)} testId={`${testId}-activations`} />
          <Figure label="New members" value={count(period.joined)} testId={`${testId}-joined`} />
        </dl>
      </CardContent>
    </Card>
  );
}
