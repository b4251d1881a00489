import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { TableCard } from '@/components/ui/table-card';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useCurrentUser } from '@/lib/session';
import { useStaffRole } from '@/lib/staff-role';
import {
  STAFF_PAGE_SIZE,
  useEnrolmentLink,
  useResetStaffTotp,
  useSetStaffDisabled,
  useSetStaffRole,
  useStaff,
  type StaffRow,
} from '../api/staff';
import { CreateStaffForm } from './create-staff-form';

const report = (error: unknown) =>
  showErrorToast(failureText(error, { failed: 'The request failed', thrown: errorMessage(error) }) ?? 'The request failed');
// Every change of a staff account is a request a second operator approves (decision 044).
const sent = ({ msg }: { msg: string }) => toast.success(msg);

/** The one-time enrolment link to hand over. */
function EnrolmentLinkNote({ username, link }: { username: string; link: string }) {
  return (
    <p className="text-xs text-slate-700">
      Hand this one-time link to {username} (it works once; they set their own password with it):{' '}
      <code data-testid="enrolment-link" className="break-all">
        {link}
      </code>
    </p>
  );
}

function RowActions({ row, isSelf }: { row: StaffRow; isSelf: boolean }) {
  const toggle = useSetStaffDisabled();
  const reset = useResetStaffTotp();
  const role = useSetStaffRole();
  const enrolment = useEnrolmentLink();
  const [link, setLink] = useState<string | null>(null);
  if (isSelf) return <span className="text-xs text-slate-500">You</span>;
  const onToggle = () =>
    toggle.mutate({ username: row.username, disabled: !row.is_disabled }, { onSuccess: sent, onError: report });
  const onReset = () => {
    if (
      !window.confirm(
        `Ask to reset two-factor sign-in for ${row.username}? Once a second operator approves, they set up their authenticator again at the next sign-in.`,
      )
    )
      return;
    reset.mutate(row.username, { onSuccess: sent, onError: report });
  };
  const otherRole = row.role === 'operator' ? 'support' : 'operator';
  const onRole = () => role.mutate({ username: row.username, role: otherRole }, { onSuccess: sent, onError: report });
  const onLink = () => enrolment.mutate(row.username, { onSuccess: (data) => setLink(data.link), onError: report });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={row.is_disabled ? 'primary' : 'danger'}
          onClick={onToggle}
          disabled={toggle.isPending}
          aria-label={`${row.is_disabled ? 'Enable' : 'Disable'} ${row.username}`}
        >
          {row.is_disabled ? 'Enable' : 'Disable'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onReset}
          disabled={reset.isPending || !row.is_totp_enrolled}
          aria-label={`Reset two-factor sign-in of ${row.username}`}
        >
          Reset 2FA
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onRole}
          disabled={role.isPending}
          aria-label={`Make ${row.username} ${otherRole}`}
        >
          Make {otherRole}
        </Button>
        {!row.is_totp_enrolled && (
          <Button
            size="sm"
            variant="outline"
            onClick={onLink}
            disabled={enrolment.isPending}
            aria-label={`Enrolment link of ${row.username}`}
          >
            Enrolment link
          </Button>
        )}
      </div>
      {link && <EnrolmentLinkNote username={row.username} link={link} />}
    </div>
  );
}

/**
 * /admin/staff: operators ask for support and operator accounts, their disabling and enabling, role changes and 2FA
 * resets; each takes effect when a second operator approves it (decision 044).
 */
export function StaffPage() {
  const { userdetails } = useCurrentUser();
  const { isOperator } = useStaffRole();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useStaff(page, isOperator);
  const columns: Array<DataTableColumn<StaffRow>> = [
    { header: 'Username', className: 'font-medium', cell: (row) => row.username },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Role', cell: (row) => <Badge tone={row.role === 'operator' ? 'warning' : 'neutral'}>{row.role}</Badge> },
    {
      header: 'Two-factor',
      cell: (row) => (row.is_totp_enrolled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Not set up</Badge>),
    },
    {
      header: 'Status',
      cell: (row) => (row.is_disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Enabled</Badge>),
    },
    { header: 'Created', cell: (row) => formatDateTime(row.joined_at) },
    {
      header: 'Action',
      cell: (row) => <RowActions row={row} isSelf={row.username.toLowerCase() === userdetails.uname.toLowerCase()} />,
    },
  ];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / STAFF_PAGE_SIZE));
  if (!isOperator) return <Alert tone="info">Staff accounts are managed by operators.</Alert>;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>New staff account</CardTitle>
          <CardDescription>
            Support reads members and the money queues and resolves manual codes; operators can do everything. A second operator
            approves the new account; the new staff member then sets their own password with a one-time enrolment link and scans
            their authenticator at their first sign-in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreateStaffForm />
        </CardContent>
      </Card>
      <TableCard
        title="Staff"
        titleId="staff-title"
        headerExtra={
          <>
            <CardDescription>
              Every change here is sent for approval; disabling an account signs it out once approved.
            </CardDescription>
          </>
        }
        columns={columns}
        rows={data?.rows}
        isPending={isPending}
        error={
          error ? failureText(error, { failed: 'Failed to load the staff list', thrown: 'Failed to load the staff list' }) : null
        }
        emptyText="No staff accounts."
        getRowKey={(row) => row.id}
        getRowAttributes={(row) => ({ 'data-testid': 'staff-row', 'data-username': row.username })}
        minWidthClassName="min-w-[52rem]"
        skeleton="bar"
      >
        <Pager page={page} pages={pages} noun="staff accounts" onPageChange={setPage} />
      </TableCard>
    </div>
  );
}
