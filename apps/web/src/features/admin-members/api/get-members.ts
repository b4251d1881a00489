import type { ActionPayload, AdminMembersData } from '@tuzo/contracts';
import { useListPage } from '@/hooks/use-list-page';
import { callAction } from '@/lib/api-client';

export const MEMBERS_PAGE_SIZE = 50;

/** The search form's values as the query string sends them (empty = no filter). */
export type MembersFilter = { [K in Exclude<keyof ActionPayload<'adminmembers'>, 'page' | 'limit'>]?: string };

/** GET adminmembers: one page of the member search, newest first. */
export async function getMembers(filter: MembersFilter, page: number): Promise<AdminMembersData> {
  const { data } = await callAction('adminmembers', { payload: { ...filter, page, limit: MEMBERS_PAGE_SIZE } });
  return data;
}

export function useMembers(filter: MembersFilter, page: number) {
  return useListPage(['admin', 'members', filter, page], () => getMembers(filter, page), 10_000);
}
