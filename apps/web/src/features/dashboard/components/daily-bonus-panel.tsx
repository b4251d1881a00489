import type { Balances } from '@tuzo/contracts';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, IconCardTitle } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { dashboardTexts } from '../texts';

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

/** Today's daily-bonus target and progress, from the balances of the user data. */
export function DailyBonusPanel({ balances, currency }: { balances: Balances; currency: string }) {
  const percent = clampPercent(balances.percent);
  const t = useTexts(dashboardTexts);
  // Numbers go in as text: ICU would group the digits ("1,000"), which the spec's screen does not.
  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={Gift}>
          {t('dailyBonus')}
          {balances.dailyclaimed ? (
            <span
              className="ml-auto rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800"
              data-testid="daily-claimed-badge"
            >
              {t('claimedToday')}
            </span>
          ) : null}
        </IconCardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{t('target')}</dt>
            <dd className="font-semibold tabular-nums">{t('points', { count: String(balances.target) })}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{t('done')}</dt>
            <dd className="font-semibold tabular-nums">{t('points', { count: String(balances.progress) })}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{t('reward')}</dt>
            <dd className="text-sm leading-6 font-semibold break-words tabular-nums sm:text-base">
              {formatMoney(balances.reward, currency)}
            </dd>
          </div>
        </dl>
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="text-slate-700">{t('remaining', { count: String(balances.remaining) })}</span>
            <span className="font-semibold text-brand-800">{percent}%</span>
          </div>
          <div
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <Link to="/daily-bonuses" className={buttonClasses({ variant: 'secondary' })}>
          {t('goToDailyBonuses')}
        </Link>
      </CardContent>
    </Card>
  );
}
