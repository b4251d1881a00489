import type { ActionData, ActionPayload } from '@tuzo/contracts';
import { callAction, type ApiEnvelope } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/**
 * The member page's changes, each one operator action on the server (audited there):
 * adminsuspend, adminunsuspend, adminsignout, adminresetlink, adminactivate, admindeactivate (username + reason),
 * adminupdatemember (edit), adminadjust (a wallet correction through the ledger), admindeposit (a manual deposit) and
 * adminchangeupline (a new sponsor; the commissions move on the server).
 */
export type SimpleMemberAction =
  'adminsuspend' | 'adminunsuspend' | 'adminsignout' | 'adminresetlink' | 'adminactivate' | 'admindeactivate';

/** The actions of the member page. */
export type MemberChangeAction = SimpleMemberAction | 'adminupdatemember' | 'adminadjust' | 'admindeposit' | 'adminchangeupline';

export type AdjustRequest = ActionPayload<'adminadjust'>;
export type DepositRequest = ActionPayload<'admindeposit'>;
export type UpdateMemberRequest = ActionPayload<'adminupdatemember'>;

/** One change: an action of the catalogue with its payload. */
export type MemberChange = { [A in MemberChangeAction]: { action: A; payload: ActionPayload<A> } }[MemberChangeAction];

/** Each change's `data` (the catalogue's data of its action); a money change may become a four-eyes request. */
export type MemberChangeData = { [A in MemberChangeAction]: ActionData<A> };

/**
 * POST one change; money changes carry the form's idempotency key. The action is chosen at run time, so the key is
 * checked against the catalogue by the client as it sends (a key for an action that ignores it is refused).
 */
export function postMemberChange<Change extends MemberChange>(
  change: Change,
  idempotencyKey?: string,
): Promise<ApiEnvelope<MemberChangeData[Change['action']]>> {
  const send = callAction as (
    name: MemberChangeAction,
    options: { payload: unknown; idempotencyKey?: string },
  ) => Promise<ApiEnvelope<MemberChangeData[Change['action']]>>;
  return send(change.action, { payload: change.payload, idempotencyKey });
}

/** Every change reloads the member's page, its lists and the search results. */
export function useMemberChange() {
  return useReloadingMutation(
    ({ change, idempotencyKey }: { change: MemberChange; idempotencyKey?: string }) => postMemberChange(change, idempotencyKey),
    ({ change }) => [
      ['admin', 'member', change.payload.username.toLowerCase()],
      ['admin', 'members'],
      // A money change above the four-eyes limit becomes a request on the Approvals page.
      ['admin', 'approvals'],
      // An upline change moves commissions between other members' wallets too.
      ...(change.action === 'adminchangeupline' ? [['admin', 'member']] : []),
    ],
  );
}
