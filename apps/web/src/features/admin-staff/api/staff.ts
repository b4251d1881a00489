import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStaffCreatePayload,
  AdminStaffData,
  AdminStaffEnrolmentLinkData,
  AdminStaffRolePayload,
  ApprovalRequestedData,
  StaffRow,
} from '@tuzo/contracts';
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

/** Staff management answers 202: a request a second operator approves on the Approvals page (decision 044). */
async function ask(action: string, payload: unknown): Promise<{ msg: string; request: ApprovalRequestedData }> {
  const envelope = await apiCall<ApprovalRequestedData>(action, { method: 'POST', payload });
  return { msg: envelope.msg, request: envelope.data };
}

/** POST adminstaffcreate: asks for a new account (no password: its owner sets it with an enrolment link). */
export const createStaff = (payload: AdminStaffCreatePayload) => ask('adminstaffcreate', payload);

/** POST adminstaffdisable: asks to disable (sessions end) or enable again. */
export const setStaffDisabled = (payload: { username: string; disabled: boolean }) => ask('adminstaffdisable', payload);

/** POST adminstafftotpreset: asks to remove the authenticator; the account enrols again at its next sign-in. */
export const resetStaffTotp = (username: string) => ask('adminstafftotpreset', { username });

/** POST adminstaffrole: asks to change the account's role. */
export const setStaffRole = (payload: AdminStaffRolePayload) => ask('adminstaffrole', payload);

/**
 * POST adminstaffenrolment: a fresh one-time enrolment link for a new account (for the operator who asked for it or
 * the one who approved it), shown once to hand over.
 */
export async function getEnrolmentLink(username: string): Promise<AdminStaffEnrolmentLinkData> {
  const { data } = await apiCall<AdminStaffEnrolmentLinkData>('adminstaffenrolment', { method: 'POST', payload: { username } });
  return data;
}

function useStaffMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useSetStaffDisabled = () => useStaffMutation(setStaffDisabled);
export const useResetStaffTotp = () => useStaffMutation(resetStaffTotp);
export const useSetStaffRole = () => useStaffMutation(setStaffRole);
export const useEnrolmentLink = () => useMutation({ mutationFn: getEnrolmentLink });
