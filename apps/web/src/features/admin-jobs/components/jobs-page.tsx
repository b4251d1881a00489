import type { AdminJob } from '@tuzo/contracts';
import toast from 'react-hot-toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { TableCard } from '@/components/ui/table-card';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { toastFailure } from '@/lib/refusal';
import { useStaffRole } from '@/lib/staff-role';
import { JOBS_TEXTS, useJobs, useReviveJob } from '../api/jobs';

const STATE_TONES: Record<AdminJob['state'], BadgeTone> = { idle: 'neutral', running: 'success', dead: 'danger' };

function ReviveButton({ job }: { job: AdminJob }) {
  const revive = useReviveJob();
  return (
    <Button
      size="sm"
      variant="danger"
      disabled={revive.isPending}
      aria-label={`Revive the job ${job.name}`}
      onClick={() =>
        revive.mutate(job.name, {
          onSuccess: ({ msg }) => toast.success(msg),
          onError: (error) => toastFailure(error, 'Could not revive the job'),
        })
      }
    >
      Revive
    </Button>
  );
}

function columns(isOperator: boolean): Array<DataTableColumn<AdminJob>> {
  return [
    { header: 'Job', className: 'font-medium', cell: (job) => job.name },
    {
      header: 'State',
      cell: (job) => <Badge tone={STATE_TONES[job.state]}>{job.dead_letter ? 'dead letter' : job.state}</Badge>,
    },
    { header: 'Lease holder', cell: (job) => job.holder ?? '—' },
    { header: 'Last run', cell: (job) => (job.last_run_at ? formatDateTime(job.last_run_at) : 'Never') },
    { header: 'Lag', cell: (job) => `${job.lag_seconds} s` },
    {
      header: 'Failures',
      cell: (job) => (
        <span title={job.last_error ?? undefined}>
          {job.failures} ({job.consecutive_failures} in a row)
        </span>
      ),
    },
    ...(isOperator ? [{ header: 'Action', cell: (job: AdminJob) => (job.dead_letter ? <ReviveButton job={job} /> : null) }] : []),
  ];
}

/** /admin/jobs: the background jobs across every node, their lag and dead letters (decision 052). */
export function JobsPage() {
  const { isOperator } = useStaffRole();
  const { data, isPending, error } = useJobs();
  return (
    <TableCard
      title="Background jobs"
      titleId="jobs-title"
      headerExtra={
        data ? (
          <CardDescription>
            Each job runs once per tick across all nodes on a {data.lease_seconds} s lease; after {data.dead_after} failures in a
            row it stops as a dead letter until an operator revives it.
          </CardDescription>
        ) : null
      }
      columns={columns(isOperator)}
      rows={data?.jobs}
      isPending={isPending}
      error={error ? failureText(error, JOBS_TEXTS) : null}
      emptyText="No jobs have run yet."
      getRowKey={(job) => job.name}
      getRowAttributes={(job) => ({ 'data-testid': 'job-row', 'data-job': job.name })}
      minWidthClassName="min-w-[44rem]"
      skeleton="bar"
      hasSwipeHint
    />
  );
}
