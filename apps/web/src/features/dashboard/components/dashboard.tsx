import type { UserData } from '@tuzo/contracts';
import { ArrowDownToLine, ArrowUpFromLine, CalendarClock, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { dashboardTexts } from '../texts';
import { AffiliateLinkPanel } from './affiliate-link-panel';
import { BalancesFetchedNote } from './balances-fetched-note';
import { DailyBonusPanel } from './daily-bonus-panel';
import { ProfileSummary } from './profile-summary';
import { WalletCards } from './wallet-cards';

const QUICK_LINKS = [
  { to: '/withdraw', title: 'withdraw', icon: ArrowUpFromLine },
  { to: '/deposit', title: 'deposit', icon: ArrowDownToLine },
  { to: '/tasks', title: 'tasks', icon: CalendarClock },
  { to: '/share', title: 'share', icon: Share2 },
] as const;

/** The dashboard of an active member (spec part 2, "Dashboard"). */
export function Dashboard({ user }: { user: UserData }) {
  const { userdetails: details, balances } = user;
  const currency = details.ccurrency;
  const t = useTexts(dashboardTexts);
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <section className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white sm:p-6">
        <p className="text-lg font-semibold sm:text-xl">
          {t('welcomeBack')}{' '}
          <Link
            to="/profile"
            className="underline decoration-accent-400 decoration-2 underline-offset-4 hover:text-accent-400"
            data-testid="welcome-username"
          >
            {details.uname}
          </Link>
        </p>
        <p className="mt-1 text-sm text-brand-100">{t('jumboBalance')}</p>
        <p className="text-2xl font-bold tabular-nums sm:text-3xl">{formatMoney(balances.balance, currency)}</p>
        <nav aria-label={t('quickLinks')} className="mt-4 grid grid-cols-4 gap-2">
          {QUICK_LINKS.map(({ to, title, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex flex-col items-center gap-1 rounded-lg bg-white/10 px-1 py-2.5 text-xs font-semibold hover:bg-white/20 sm:text-sm"
            >
              <Icon className="size-5" aria-hidden="true" />
              {t(title)}
            </Link>
          ))}
        </nav>
      </section>
      <BalancesFetchedNote />
      <WalletCards balances={balances} currency={currency} />
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyBonusPanel balances={balances} currency={currency} />
        <ProfileSummary details={details} />
      </div>
      <AffiliateLinkPanel uname={details.uname} />
    </div>
  );
}
