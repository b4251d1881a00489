import { useListPage } from '@/hooks/use-list-page';
import type { AdminApprovalRow, AdminApprovalsData } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

export type ApprovalRow = AdminApprovalRow;
export type ApprovalsView = 'pending' | 'decided';
export const APPROVALS_PAGE_SIZE = 25;

/** Every list of requests shares this key prefix: deciding one, or a money action that became one, reloads them. */
export const APPROVALS_KEY = ['admin', 'approvals'] as const;

/** GET adminapprovals: pending requests oldest first, or decided ones newest first. */
export async function getApprovals(view: ApprovalsView, page: number): Promise<AdminApprovalsData> {
  const { data } = await callAction('adminapprovals', { payload: { view, page, limit: APPROVALS_PAGE_SIZE } });
  return data;
}

export function useApprovals(view: ApprovalsView, page: number) {
  return useListPage([...APPROVALS_KEY, view, page], () => getApprovals(view, page));
}

export const APPROVALS_TEXTS = { failed: 'Failed to load the requests', thrown: 'Failed to load the requests' } as const;
