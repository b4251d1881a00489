import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ActionPayload,
  AdminStaffData,
  AdminStaffEnrolmentLinkData,
  ApprovalRequestedData,
  StaffRow,
} from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

export type { StaffRow };
export const STAFF_PAGE_SIZE = 25;

/** GET adminstaff: staff accounts, newest first. */
export async function getStaff(page: number): Promise<AdminStaffData> {
  const { data } = await callAction('adminstaff', { payload: { page, limit: STAFF_PAGE_SIZE } });
  return data;
}

export const staffQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'staff', page], queryFn: () => getStaff(page), retry: false, staleTime: 5_000 });

/** Only operators load the list (the server refuses support anyway). */
export function useStaff(page: number, isEnabled = true) {
  return useQuery({ ...staffQueryOptions(page), enabled: isEnabled });
}

/** Staff management answers 202: a request a second operator approves on the Approvals page (decision 044). */
async function asked(
  call: Promise<ApiEnvelope<ApprovalRequestedData>>,
): Promise<{ msg: string; request: ApprovalRequestedData }> {
  const envelope = await call;
  return { msg: envelope.msg, request: envelope.data };
}

/** POST adminstaffcreate: asks for a new account (no password: its owner sets it with an enrolment link). */
export const createStaff = (payload: ActionPayload<'adminstaffcreate'>) => asked(callAction('adminstaffcreate', { payload }));

/** POST adminstaffdisable: asks to disable (sessions end) or enable again. */
export const setStaffDisabled = (payload: ActionPayload<'adminstaffdisable'>) =>
  asked(callAction('adminstaffdisable', { payload }));

/** POST adminstafftotpreset: asks to remove the authenticator; the account enrols again at its next sign-in. */
export const resetStaffTotp = (username: string) => asked(callAction('adminstafftotpreset', { payload: { username } }));

/** POST adminstaffrole: asks to change the account's role. */
export const setStaffRole = (payload: ActionPayload<'adminstaffrole'>) => asked(callAction('adminstaffrole', { payload }));

/**
 * POST adminstaffenrolment: a fresh one-time enrolment link for a new account (for the operator who asked for it or
 * the one who approved it), shown once to hand over.
 */
export async function getEnrolmentLink(username: string): Promise<AdminStaffEnrolmentLinkData> {
  const { data } = await callAction('adminstaffenrolment', { payload: { username } });
  return data;
}

function useStaffMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  return useReloadingMutation(mutationFn, [
    ['admin', 'staff'],
    ['admin', 'approvals'],
  ]);
}

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useSetStaffDisabled = () => useStaffMutation(setStaffDisabled);
export const useResetStaffTotp = () => useStaffMutation(resetStaffTotp);
export const useSetStaffRole = () => useStaffMutation(setStaffRole);
export const useEnrolmentLink = () => useMutation({ mutationFn: getEnrolmentLink });
