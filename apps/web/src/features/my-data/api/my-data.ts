import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailPayload,
  ChangePhonePayload,
  CloseAccountPayload,
  ConfirmEmailData,
  ConfirmPhonePayload,
  DownloadFile,
  StatementPayload,
} from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';

/** The member's own data (decision 040): one file per action of `features/my-data`. */

/** Saves a file the server built (its name, type and text) through a temporary link. */
export function saveFile(file: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.content_type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET mydata: everything Tuzo holds about the member, JSON or one CSV. */
export async function getMyData(format: 'json' | 'csv'): Promise<DownloadFile> {
  return (await callAction('mydata', { payload: { format } })).data;
}

/** GET statementcsv: the statement as a CSV file. */
export async function getStatementCsv(range: StatementPayload): Promise<DownloadFile> {
  return (await callAction('statementcsv', { payload: range })).data;
}

export const statementQueryOptions = (range: StatementPayload) =>
  queryOptions({
    queryKey: ['statement', range.from, range.to],
    queryFn: async () => (await callAction('statement', { payload: range })).data,
    retry: false,
  });

/** GET statement: per wallet, opening balance, movements and closing balance. */
export function useStatement(range: StatementPayload) {
  return useQuery(statementQueryOptions(range));
}

/** POST changeemail: mails a confirmation link to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (payload: ChangeEmailPayload) => callAction('changeemail', { payload }),
  });
}

/** POST confirmemail: applies the change with the link's token (also for a signed-out visitor). */
export async function confirmEmail(token: string): Promise<ConfirmEmailData> {
  return (await callAction('confirmemail', { payload: { token } })).data;
}

/** POST changephone: the new number, confirmed with the password; a code goes by SMS to it (decision 045). */
export function useChangePhone() {
  return useMutation({
    mutationFn: async (payload: ChangePhonePayload) => callAction('changephone', { payload }),
  });
}

/**
 * POST confirmphone: the SMS code applies the change; the user data shows the new phone, and the withdraw page's
 * hold (query `withdrawalhold`, features/withdrawals) is fetched again.
 */
export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: ConfirmPhonePayload) => callAction('confirmphone', { payload }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['withdrawalhold'] });
      await refreshUserData();
    },
  });
}

export const myClosureQueryKey = ['myclosure'] as const;

/** GET myclosure: the open (or latest) request to close the account. */
export function useMyClosure() {
  return useQuery({
    queryKey: myClosureQueryKey,
    queryFn: async () => (await callAction('myclosure')).data.closure,
    retry: false,
  });
}

/** POST closeaccount / cancelclose: the answer is the request as it stands. */
export function useCloseAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payload: CloseAccountPayload) => callAction('closeaccount', { payload }),
    onSuccess: ({ data }) => client.setQueryData(myClosureQueryKey, data),
  });
}

export function useCancelClose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => callAction('cancelclose', { payload: {} }),
    onSuccess: ({ data }) => client.setQueryData(myClosureQueryKey, data),
  });
}
