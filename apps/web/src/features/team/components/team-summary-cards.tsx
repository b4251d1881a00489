import type { MyDownlinesData } from '@tuzo/contracts';
import { CircleDollarSign, UserCheck, UserMinus, Users, type LucideIcon } from 'lucide-react';
import { FigureCard } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { teamTexts } from '../texts';

interface SummaryCard {
  key: string;
  title: 'totalMembers' | 'summaryActive' | 'summaryDormant' | 'summaryEarned';
  icon: LucideIcon;
  tone: string;
  value: (data: MyDownlinesData) => string;
}

const count = (value: number) => value.toLocaleString('en');

const CARDS: SummaryCard[] = [
  { key: 'total', title: 'totalMembers', icon: Users, tone: 'bg-brand-100 text-brand-800', value: (d) => count(d.total) },
  { key: 'active', title: 'summaryActive', icon: UserCheck, tone: 'bg-green-100 text-green-800', value: (d) => count(d.active) },
  {
    key: 'inactive',
    title: 'summaryDormant',
    icon: UserMinus,
    tone: 'bg-slate-200 text-slate-800',
    value: (d) => count(d.inactive),
  },
  {
    key: 'earned',
    title: 'summaryEarned',
    icon: CircleDollarSign,
    tone: 'bg-amber-100 text-amber-900',
    value: (d) => formatMoney(d.Earned, d.Currency),
  },
];

/** The level's counts and what it earned the member: always the whole level, whatever the search shows. */
export function TeamSummaryCards({ data, level }: { data: MyDownlinesData | undefined; level: number }) {
  const t = useTexts(teamTexts);
  return (
    <section aria-labelledby="team-summary-title">
      <h2 id="team-summary-title" className="sr-only">
        {t('levelSummary', { level })}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS.map(({ key, title, icon, tone, value }) => (
          <li key={key}>
            <FigureCard
              icon={icon}
              tone={tone}
              label={t(title)}
              value={data ? value(data) : undefined}
              testId={`team-summary-${key}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
