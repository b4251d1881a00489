import type { AdminOverviewData } from '@tuzo/contracts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { count, money } from './chart-series';
import { Figure } from './period-card';

/** A card of figures: a title over a grid of `Figure`s. */
function FiguresCard({
  title,
  testId,
  gridClassName,
  children,
}: {
  title: string;
  testId: string;
  gridClassName: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className={`grid gap-2 ${gridClassName}`}>{children}</dl>
      </CardContent>
    </Card>
  );
}

/** Members: total, active, dormant and suspended. */
export function MembersCard({ members }: { members: AdminOverviewData['members'] }) {
  return (
    <FiguresCard title="Members" testId="overview-members" gridClassName="grid-cols-2 sm:grid-cols-4">
      <Figure label="Total" value={count(members.total)} testId="members-total" />
      <Figure label="Active" value={count(members.active)} testId="members-active" />
      <Figure label="Dormant" value={count(members.dormant)} hint="not activated, suspended included" testId="members-dormant" />
      <Figure label="Suspended" value={count(members.suspended)} testId="members-suspended" />
    </FiguresCard>
  );
}

/** Withdrawals waiting for a decision: how many and how much. */
export function PendingCard({ pending, currency }: { pending: AdminOverviewData['pending_withdrawals']; currency: string }) {
  return (
    <FiguresCard title="Pending withdrawals" testId="overview-pending" gridClassName="grid-cols-2">
      <Figure label="Waiting" value={count(pending.count)} testId="pending-count" />
      <Figure label={`Amount (${currency})`} value={money(pending.amount)} testId="pending-amount" />
    </FiguresCard>
  );
}

/** Spins: the realised return against the published one, stakes, wins, free prizes and the house result. */
export function SpinsCard({ spins, currency }: { spins: AdminOverviewData['spins']; currency: string }) {
  return (
    <FiguresCard title="Spins: the house result" testId="overview-spins" gridClassName="grid-cols-2 lg:grid-cols-3">
      <Figure
        label="Realised return"
        value={spins.realised_return === null ? '–' : `${spins.realised_return} %`}
        hint={`published ${spins.expected_return} %`}
        testId="spins-return"
      />
      <Figure
        label={`Stakes (${currency})`}
        value={money(spins.casino_stakes)}
        hint={`${count(spins.casino_count)} casino spins`}
        testId="spins-stakes"
      />
      <Figure label={`Casino wins (${currency})`} value={money(spins.casino_wins)} testId="spins-wins" />
      <Figure
        label={`Free prizes (${currency})`}
        value={money(spins.free_prizes)}
        hint={`${count(spins.free_paid_count)} paid`}
        testId="spins-free"
      />
      <Figure
        label={`House result (${currency})`}
        value={money(spins.house_result)}
        hint="stakes − wins − free prizes"
        testId="spins-house"
      />
    </FiguresCard>
  );
}
