import { zodResolver } from '@hookform/resolvers/zod';
import { AdminApproveRequestPayloadSchema, AdminRejectRequestPayloadSchema } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { InputField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { formatMoney } from '@/lib/money';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { useDecideApproval } from '../api/decide-approval';
import type { ApprovalRow } from '../api/get-approvals';

/** What the operator is about to do with a request: approve it, reject it, or (their own) cancel it. */
export interface PendingDecision {
  row: ApprovalRow;
  kind: 'approve' | 'reject' | 'cancel';
}

// The form's schemas come from the contracts: an approval's note is optional, a rejection needs its reason.
const ApproveFormSchema = z.object({ text: AdminApproveRequestPayloadSchema.shape.note });
const RejectFormSchema = z.object({ text: AdminRejectRequestPayloadSchema.shape.reason });
type DecideValues = { text?: string };
/** Shown in place: the readable refusals, and a wallet that no longer covers the request. */
const DECISION_REFUSALS = [...READABLE_REFUSALS, 'INSUFFICIENT_FUNDS'] as const;

const TEXTS = {
  approve: { title: 'Approve this request?', confirm: 'Approve', label: 'Note (optional)', busy: 'Approving...' },
  reject: { title: 'Reject this request?', confirm: 'Reject', label: 'Reason', busy: 'Rejecting...' },
  cancel: { title: 'Cancel your request?', confirm: 'Cancel request', label: 'Reason', busy: 'Cancelling...' },
} as const;

/** What the request is and what deciding it does. */
function DecisionSummary({ row, kind }: { row: ApprovalRow; kind: PendingDecision['kind'] }) {
  return (
    <p>
      {row.detail}
      {row.phone ? ` (phone ${row.phone})` : ''}
      {row.currency === '' ? (
        ''
      ) : (
        <>
          {' '}
          for <strong>{row.username}</strong>: <strong>{formatMoney(row.amount, row.currency)}</strong>
        </>
      )}
      , asked by {row.requested_by}.{' '}
      {kind !== 'approve'
        ? 'Nothing moves or changes.'
        : row.kind === 'payout_paid'
          ? 'Approving settles the payout as paid outside Tuzo, once: check the M-Pesa portal shows the payment.'
          : row.currency === ''
            ? 'The change takes effect as soon as you approve.'
            : 'The money moves as soon as you approve.'}
    </p>
  );
}

/** Confirms one decision; the server checks again that the approver is not the requester. */
export function DecideDialog({ decision, onClose }: { decision: PendingDecision | null; onClose: () => void }) {
  const decide = useDecideApproval();
  const kind = decision?.kind ?? 'approve';
  const form = useForm<DecideValues>({
    resolver: zodResolver(kind === 'approve' ? ApproveFormSchema : RejectFormSchema),
    defaultValues: { text: '' },
  });
  const texts = TEXTS[kind];
  const row = decision?.row;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!row) return;
    const text = values.text?.trim() ?? '';
    try {
      const envelope = await decide.mutateAsync(
        kind === 'approve'
          ? { kind: 'approve', id: row.id, note: text || undefined }
          : { kind: 'reject', id: row.id, reason: text },
      );
      toast.success(envelope.msg);
      onClose();
    } catch (thrown) {
      // A refusal with a reason to read (not yours to approve, already decided, the wallet no longer covers it) is shown in place.
      reportRefusal(thrown, DECISION_REFUSALS, (message) => form.setError('text', { message }));
    }
  });

  return (
    <FormDialog
      isOpen={decision !== null}
      onClose={onClose}
      isBusy={decide.isPending}
      title={texts.title}
      formLabel={texts.title}
      onSubmit={onSubmit}
      submitLabel={texts.confirm}
      busyLabel={texts.busy}
      submitVariant={kind === 'approve' ? 'primary' : 'danger'}
      description={row ? <DecisionSummary row={row} kind={kind} /> : null}
    >
      <InputField
        label={texts.label}
        id="approval-decision-text"
        maxLength={500}
        error={form.formState.errors.text?.message}
        field={form.register('text')}
      />
    </FormDialog>
  );
}
