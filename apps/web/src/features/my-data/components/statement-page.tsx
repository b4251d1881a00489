import type { StatementData, StatementWallet } from '@tuzo/contracts';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/money';
import { useTexts, type Translate } from '@/i18n';
import { useStatement } from '../api/my-data';
import { statementTexts } from '../texts';

type StatementKey = keyof typeof statementTexts.en;
const WALLET_NAMES: Record<StatementWallet['wallet'], StatementKey> = {
  balance: 'walletBalance',
  deposit: 'walletDeposit',
  ads: 'walletAds',
  youtube: 'walletYoutube',
  tiktok: 'walletTiktok',
};

function WalletSection({ wallet, t }: { wallet: StatementWallet; t: Translate<StatementKey> }) {
  const name = t(WALLET_NAMES[wallet.wallet]);
  return (
    <section
      className="statement-wallet break-inside-avoid"
      data-testid={`statement-${wallet.wallet}`}
      aria-label={t('wallet', { wallet: name })}
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900">{t('wallet', { wallet: name })}</h2>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            <th className="py-1 pr-2 font-medium">{t('date')}</th>
            <th className="py-1 pr-2 font-medium">{t('entry')}</th>
            <th className="py-1 pr-2 text-right font-medium">{t('amount')}</th>
            <th className="py-1 text-right font-medium">{t('balance')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200 font-medium">
            <td className="py-1 pr-2" colSpan={3}>
              {t('opening')}
            </td>
            <td className="py-1 text-right tabular-nums" data-testid="statement-opening">
              {formatAmount(wallet.opening)}
            </td>
          </tr>
          {wallet.lines.length === 0 ? (
            <tr>
              <td className="py-1 text-slate-600" colSpan={4}>
                {t('none')}
              </td>
            </tr>
          ) : (
            wallet.lines.map((line) => (
              <tr key={`${line.transaction_id}-${line.at}`} className="border-b border-slate-100">
                <td className="py-1 pr-2 whitespace-nowrap">{formatDateTime(line.at)}</td>
                <td className="py-1 pr-2">{line.memo ?? line.kind}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatAmount(line.amount)}</td>
                <td className="py-1 text-right tabular-nums">{formatAmount(line.balance)}</td>
              </tr>
            ))
          )}
          <tr className="font-semibold">
            <td className="py-1 pr-2" colSpan={3}>
              {t('closing')} ({t('credits')} {formatAmount(wallet.credits)}, {t('debits')} {formatAmount(wallet.debits)})
            </td>
            <td className="py-1 text-right tabular-nums" data-testid="statement-closing">
              {formatAmount(wallet.closing)}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function StatementBody({ data, t }: { data: StatementData; t: Translate<StatementKey> }) {
  return (
    <>
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-bold text-slate-900">
          Tuzo · {t('title')}: {t('period', { from: data.from, to: data.to })}
        </h1>
        <p className="text-sm text-slate-700">{t('member', { username: data.username })}</p>
        <p className="text-xs text-slate-600">
          {t('generated', { at: formatDateTime(data.generated_at), currency: data.currency, timeZone: data.time_zone })}
        </p>
      </header>
      {data.wallets.map((wallet) => (
        <WalletSection key={wallet.wallet} wallet={wallet} t={t} />
      ))}
    </>
  );
}

/**
 * /statement?from=&to=: the printable statement. The print CSS (index.css, `@media print`) hides the app's header and
 * navigation and everything marked `print:hidden`, so the printout is the statement alone.
 */
export function StatementPage() {
  const t = useTexts(statementTexts);
  const [params] = useSearchParams();
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const statement = useStatement(range);
  return (
    <div className="statement-page mx-auto flex max-w-3xl flex-col gap-5 rounded-lg bg-white p-4 print:max-w-none print:p-0">
      <div className="flex items-center justify-between gap-2 print:hidden">
        <Link to="/my-data" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('back')}
        </Link>
        <Button variant="outline" onClick={() => window.print()} disabled={!statement.data}>
          <Printer aria-hidden="true" />
          {t('print')}
        </Button>
      </div>
      {statement.data ? (
        <StatementBody data={statement.data} t={t} />
      ) : (
        <p role={statement.isError ? 'alert' : 'status'} className="text-sm text-slate-700">
          {statement.isError
            ? (failureText(statement.error, { failed: t('failed'), thrown: t('failed') }) ?? t('failed'))
            : t('loading')}
        </p>
      )}
    </div>
  );
}
