import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStaffCreatePayload, AdminStaffData, StaffRow } from '@tuzo/contracts';
import { apiCall } from '@/lib/api-client';

export type { StaffRow };
export const STAFF_PAGE_SIZE = 25;

/** GET adminstaff: staff accounts, newest first. */
export async function getStaff(page: number): Promise<AdminStaffData> {
  const { data } = await apiCall<AdminStaffData>('adminstaff', { query: { page, limit: STAFF_PAGE_SIZE } });
  return data;
}

export const staffQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'staff', page], queryFn: () => getStaff(page), retry: false, staleTime: 5_000 });

/** Only operators load the list (the server refuses support anyway). */
export function useStaff(page: number, isEnabled = true) {
  return useQuery({ ...staffQueryOptions(page), enabled: isEnabled });
}

/** POST adminstaffcreate. */
export async function createStaff(payload: AdminStaffCreatePayload): Promise<StaffRow> {
  const { data } = await apiCall<StaffRow>('adminstaffcreate', { method: 'POST', payload });
  return data;
}

/** POST adminstaffdisable: disable (sessions end) or enable again. */
export async function setStaffDisabled(payload: {
  username: string;
  disabled: boolean;
}): Promise<{ msg: string; row: StaffRow }> {
  const envelope = await apiCall<StaffRow>('adminstaffdisable', { method: 'POST', payload });
  return { msg: envelope.msg, row: envelope.data };
}

/** POST adminstafftotpreset: the account enrols its authenticator again at its next sign-in. */
export async function resetStaffTotp(username: string): Promise<{ msg: string; row: StaffRow }> {
  const envelope = await apiCall<StaffRow>('adminstafftotpreset', { method: 'POST', payload: { username } });
  return { msg: envelope.msg, row: envelope.data };
}

function useStaffMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }) });
}

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useSetStaffDisabled = () => useStaffMutation(setStaffDisabled);
export const useResetStaffTotp = () => useStaffMutation(resetStaffTotp);
