import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useCurrentUser } from '@/lib/session';
import { useStaffRole } from '@/lib/staff-role';
import { STAFF_PAGE_SIZE, useResetStaffTotp, useSetStaffDisabled, useStaff, type StaffRow } from '../api/staff';
import { CreateStaffForm } from './create-staff-form';

function RowActions({ row, isSelf }: { row: StaffRow; isSelf: boolean }) {
  const toggle = useSetStaffDisabled();
  const reset = useResetStaffTotp();
  const report = (error: unknown) =>
    showErrorToast(failureText(error, { failed: 'The change failed', thrown: errorMessage(error) }) ?? 'The change failed');
  if (isSelf) return <span className="text-xs text-slate-500">You</span>;
  const onToggle = () =>
    toggle.mutate(
      { username: row.username, disabled: !row.is_disabled },
      { onSuccess: ({ msg }) => toast.success(msg), onError: report },
    );
  const onReset = () => {
    if (
      !window.confirm(`Reset two-factor sign-in for ${row.username}? They set up their authenticator again at the next sign-in.`)
    )
      return;
    reset.mutate(row.username, { onSuccess: ({ msg }) => toast.success(msg), onError: report });
  };
  return (
    <div className="flex gap-2">
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
    </div>
  );
}

/** /admin/staff: operators create support and operator accounts, disable and enable them, reset their 2FA. */
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
            Support reads members and the money queues and resolves manual codes; operators can do everything.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CreateStaffForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle id="staff-title">Staff</CardTitle>
          <CardDescription>Disabling an account signs it out at once.</CardDescription>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="staff-title"
            columns={columns}
            rows={data?.rows}
            isPending={isPending}
            error={
              error
                ? failureText(error, { failed: 'Failed to load the staff list', thrown: 'Failed to load the staff list' })
                : null
            }
            emptyText="No staff accounts."
            getRowKey={(row) => row.id}
            getRowAttributes={(row) => ({ 'data-testid': 'staff-row', 'data-username': row.username })}
            minWidthClassName="min-w-[52rem]"
            skeleton="bar"
          />
          <Pager page={page} pages={pages} noun="staff accounts" onPageChange={setPage} />
        </CardContent>
      </Card>
    </div>
  );
}
