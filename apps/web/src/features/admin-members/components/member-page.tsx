import { MEMBER_WALLETS, WALLET_LABELS, type AdminMemberData } from '@tuzo/contracts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OperatorOnly } from '@/components/operator-only';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { PageSpinner } from '@/components/ui/skeleton';
import { failureText, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/money';
import { useMember } from '../api/get-member';
import { MemberActions } from './member-actions';
import { MemberHistoryCard } from './member-history';
import { MemberStatusBadge } from './member-status-badge';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Wallets({ data }: { data: AdminMemberData['wallets'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Wallets (system currency)</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="member-wallets">
          {MEMBER_WALLETS.map((wallet) => (
            <Detail key={wallet} label={WALLET_LABELS[wallet]}>
              <span className="font-semibold tabular-nums" data-testid={`wallet-${wallet}`}>
                {formatAmount(data[wallet])}
              </span>
            </Detail>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function Team({ data }: { data: AdminMemberData }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="member-team-title">Team</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          Upline chain:{' '}
          {data.member.uplines.length === 0
            ? 'none (house)'
            : data.member.uplines.map((upline, index) => (
                <span key={upline.level}>
                  {index > 0 ? ' → ' : ''}
                  <Link
                    className="text-brand-700 underline-offset-2 hover:underline"
                    to={`/admin/members/${encodeURIComponent(upline.username)}`}
                  >
                    L{upline.level} {upline.username}
                  </Link>
                </span>
              ))}
        </p>
        <DataTable
          labelledBy="member-team-title"
          columns={[
            { header: 'Level', cell: (row) => `Level ${row.level}` },
            { header: 'Total', isNumeric: true, cell: (row) => row.total },
            { header: 'Active', isNumeric: true, cell: (row) => row.active },
            { header: 'Dormant', isNumeric: true, cell: (row) => row.dormant },
          ]}
          rows={data.downlines}
          isPending={false}
          emptyText="No downline."
          getRowKey={(row) => String(row.level)}
          getRowAttributes={() => ({ 'data-testid': 'downline-row' })}
          minWidthClassName="min-w-[20rem]"
        />
      </CardContent>
    </Card>
  );
}

function Sessions({ data }: { data: AdminMemberData['sessions'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="member-sessions-title">Open sessions</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="member-sessions-title"
          columns={[
            { header: 'Signed in', cell: (row) => formatDateTime(row.created_at) },
            { header: 'Expires', cell: (row) => formatDateTime(row.expires_at) },
            { header: 'IP', cell: (row) => row.ip ?? '—' },
            { header: 'Device', className: 'max-w-[16rem] truncate', cell: (row) => row.user_agent ?? '—' },
          ]}
          rows={data}
          isPending={false}
          emptyText="No open session."
          getRowKey={(row) => row.id}
          getRowAttributes={() => ({ 'data-testid': 'session-row' })}
          minWidthClassName="min-w-[36rem]"
        />
      </CardContent>
    </Card>
  );
}

/** The member's details. */
function DetailsCard({ member }: { member: AdminMemberData['member'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Email">{member.email}</Detail>
          <Detail label="Phone">{member.phone}</Detail>
          <Detail label="Country">
            {member.country} ({member.currency})
          </Detail>
          <Detail label="Role">{member.role}</Detail>
          <Detail label="Joined">{formatDateTime(member.joined_at)}</Detail>
          <Detail label="Activated">{member.activated_at ? formatDateTime(member.activated_at) : '—'}</Detail>
          <Detail label="Member id">{member.id}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** A recent phone change holds this member's withdrawals until the time shown. */
function WithdrawalHoldNote({ hold }: { hold: NonNullable<AdminMemberData['withdrawal_hold']> }) {
  return (
    <p
      role="status"
      data-testid="member-withdrawal-hold"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      The phone changed on {formatDateTime(hold.changed_at)}: this member cannot request a withdrawal until{' '}
      {formatDateTime(hold.held_until)} ({hold.hours} hours, setting payouts.phone_change_hold_hours).
    </p>
  );
}

/** One member: details, actions, wallets, team, sessions and history. */
export function MemberPage({ username }: { username: string }) {
  const { data, isPending, error } = useMember(username);
  // Support staff read; the changes are for operators (the server refuses them to support anyway).
  const back = (
    <Link to="/admin/members" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Members
    </Link>
  );
  if (isPending) return <PageSpinner label="Loading the member" />;
  if (error || !data) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <p role="alert" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-red-700">
          {isApiError(error, 'NOT_FOUND')
            ? `No member called ${username}.`
            : failureText(error, { failed: 'Failed to load the member' })}
        </p>
      </div>
    );
  }
  const member = data.member;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold text-slate-900">{member.username}</h1>
        <span data-testid="member-status">
          <MemberStatusBadge status={member.status} />
        </span>
      </div>
      {data.withdrawal_hold?.held_until ? <WithdrawalHoldNote hold={data.withdrawal_hold} /> : null}
      <OperatorOnly>
        <MemberActions member={member} />
      </OperatorOnly>
      <DetailsCard member={member} />
      <Wallets data={data.wallets} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Team data={data} />
        <Sessions data={data.sessions} />
      </div>
      <MemberHistoryCard username={member.username} />
    </div>
  );
}
