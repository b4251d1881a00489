import type { Balances } from '@tuzo/contracts';
import {
  ArrowUpFromLine,
  Clock,
  Landmark,
  Megaphone,
  Music2,
  PiggyBank,
  TrendingUp,
  Youtube,
  type LucideIcon,
} from 'lucide-react';
import { FigureCard } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { dashboardTexts } from '../texts';

interface Wallet {
  key: keyof Balances;
  title:
    | 'walletJumbo'
    | 'walletDeposit'
    | 'walletAds'
    | 'walletYoutube'
    | 'walletTiktok'
    | 'profits'
    | 'totalWithdrawn'
    | 'pendingWithdrawal';
  icon: LucideIcon;
  tone: string;
}

/** The wallets of spec part 2, section 1, plus lifetime profits and withdrawal totals. */
const WALLETS: Wallet[] = [
  { key: 'balance', title: 'walletJumbo', icon: Landmark, tone: 'bg-brand-100 text-brand-800' },
  { key: 'deposit', title: 'walletDeposit', icon: PiggyBank, tone: 'bg-sky-100 text-sky-800' },
  { key: 'ads', title: 'walletAds', icon: Megaphone, tone: 'bg-violet-100 text-violet-800' },
  { key: 'youtube', title: 'walletYoutube', icon: Youtube, tone: 'bg-red-100 text-red-800' },
  { key: 'tiktok', title: 'walletTiktok', icon: Music2, tone: 'bg-slate-200 text-slate-800' },
  { key: 'profit', title: 'profits', icon: TrendingUp, tone: 'bg-green-100 text-green-800' },
  { key: 'totalwithdrawal', title: 'totalWithdrawn', icon: ArrowUpFromLine, tone: 'bg-amber-100 text-amber-900' },
  { key: 'pendingwithdrawal', title: 'pendingWithdrawal', icon: Clock, tone: 'bg-orange-100 text-orange-900' },
];

export function WalletCards({ balances, currency }: { balances: Balances; currency: string }) {
  const t = useTexts(dashboardTexts);
  return (
    <section aria-labelledby="wallets-title">
      <h2 id="wallets-title" className="sr-only">
        {t('wallets')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {WALLETS.map(({ key, title, icon, tone }) => (
          <li key={key}>
            <FigureCard
              icon={icon}
              tone={tone}
              label={t(title)}
              value={formatMoney(String(balances[key]), currency)}
              testId={`wallet-${key}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
