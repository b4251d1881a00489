import type { Balances } from '@tuzo/contracts';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

/** Today's daily-bonus target and progress, from the balances of the user data. */
export function DailyBonusPanel({ balances, currency }: { balances: Balances; currency: string }) {
  const percent = clampPercent(balances.percent);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-brand-700" aria-hidden="true" />
          Daily Bonus
          {balances.dailyclaimed ? (
            <span
              className="ml-auto rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800"
              data-testid="daily-claimed-badge"
            >
              Claimed today
            </span>
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">Target</dt>
            <dd className="font-semibold tabular-nums">{balances.target} pts</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">Done</dt>
            <dd className="font-semibold tabular-nums">{balances.progress} pts</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">Reward</dt>
            <dd className="text-sm leading-6 font-semibold break-words tabular-nums sm:text-base">
              {formatMoney(balances.reward, currency)}
            </dd>
          </div>
        </dl>
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="text-slate-700">{balances.remaining} pts remaining</span>
            <span className="font-semibold text-brand-800">{percent}%</span>
          </div>
          <div
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Daily bonus progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <Link to="/daily-bonuses" className={buttonClasses({ variant: 'secondary' })}>
          Go to Daily Bonuses
        </Link>
      </CardContent>
    </Card>
  );
}
