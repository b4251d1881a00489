import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffEnrolmentData, StaffEnrolPayload } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';

/** GET staffenrolment: which staff account a one-time enrolment link is for (decision 044). */
export async function getEnrolment(token: string): Promise<StaffEnrolmentData> {
  const { data } = await callAction('staffenrolment', { payload: { token } });
  return data;
}

export function useEnrolment(token: string) {
  return useQuery({ queryKey: ['staff-enrolment', token], queryFn: () => getEnrolment(token), retry: false });
}

/** POST staffenrol: the new staff member sets their own password; the link is spent. */
export async function enrolStaff(payload: StaffEnrolPayload): Promise<string> {
  const envelope = await callAction('staffenrol', { payload });
  return envelope.msg;
}

export const useEnrolStaff = () => useMutation({ mutationFn: enrolStaff });
