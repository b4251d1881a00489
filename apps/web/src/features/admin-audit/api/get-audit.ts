import { useListPage } from '@/hooks/use-list-page';
import type { AdminAuditData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

export type AuditRow = AdminAuditData['rows'][number];
export const AUDIT_PAGE_SIZE = 25;

/** The audit page's filters as typed; empty text means no filter. */
export interface AuditFilters {
  staff: string;
  auditAction: string;
  member: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { staff: '', auditAction: '', member: '', from: '', to: '' };

/** GET adminaudit: entries newest first, filtered. */
export async function getAudit(filters: AuditFilters, page: number): Promise<AdminAuditData> {
  const query = {
    staff: filters.staff || undefined,
    audit_action: filters.auditAction || undefined,
    member: filters.member || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page,
    limit: AUDIT_PAGE_SIZE,
  };
  const { data } = await callAction('adminaudit', { payload: query });
  return data;
}

export function useAudit(filters: AuditFilters, page: number) {
  return useListPage(['admin', 'audit', filters, page], () => getAudit(filters, page));
}
