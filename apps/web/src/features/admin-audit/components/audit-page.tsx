import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { AUDIT_PAGE_SIZE, NO_AUDIT_FILTERS, useAudit, type AuditFilters, type AuditRow } from '../api/get-audit';
import { AuditFiltersForm } from './audit-filters';

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all text-slate-800">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function AuditEntry({ row }: { row: AuditRow }) {
  const target = row.member ?? (row.target_type ? `${row.target_type} ${row.target_id ?? ''}`.trim() : null);
  return (
    <li data-testid="audit-row" data-action={row.action} className="border-b border-slate-200 px-4 py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-mono font-semibold text-slate-900">{row.action}</span>
        <span className="text-slate-700">by {row.staff ?? 'system'}</span>
        {target ? <span className="text-slate-700">on {target}</span> : null}
        <span className="text-slate-500">{formatDateTime(row.created_at)}</span>
        {row.ip ? <span className="font-mono text-xs text-slate-500">IP {row.ip}</span> : null}
      </div>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Json label="Before" value={row.before} />
        <Json label="After" value={row.after} />
      </div>
    </li>
  );
}

/** /admin/audit: every staff change with who, what, before, after, when and IP; filters and pages. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAudit(filters, page);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / AUDIT_PAGE_SIZE));
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle id="audit-title">Audit log</CardTitle>
        <CardDescription>Every change made by staff or by the system, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-0 sm:px-0">
        <div className="px-4">
          <AuditFiltersForm value={filters} actions={data?.actions ?? []} onApply={apply} />
        </div>
        {error ? (
          <Alert tone="error" className="mx-4">
            {failureText(error, { failed: 'Failed to load the audit log', thrown: 'Failed to load the audit log' })}
          </Alert>
        ) : null}
        {isPending ? <Skeleton className="mx-4 h-24" /> : null}
        {data && data.rows.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">No entries match.</p>
        ) : null}
        {data && data.rows.length > 0 ? (
          <ul aria-labelledby="audit-title" className="border-t border-slate-200">
            {data.rows.map((row) => (
              <AuditEntry key={row.id} row={row} />
            ))}
          </ul>
        ) : null}
        <p className="px-4 text-sm text-slate-600">{data ? `${data.total} ${data.total === 1 ? 'entry' : 'entries'}` : null}</p>
        <Pager page={page} pages={pages} noun="audit entries" className="px-4" onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}
