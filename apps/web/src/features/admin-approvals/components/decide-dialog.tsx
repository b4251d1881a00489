import { zodResolver } from '@hookform/resolvers/zod';
import { AdminApproveRequestPayloadSchema, AdminRejectRequestPayloadSchema } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
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

const TEXTS = {
  approve: { title: 'Approve this request?', confirm: 'Approve', label: 'Note (optional)', busy: 'Approving...' },
  reject: { title: 'Reject this request?', confirm: 'Reject', label: 'Reason', busy: 'Rejecting...' },
  cancel: { title: 'Cancel your request?', confirm: 'Cancel request', label: 'Reason', busy: 'Cancelling...' },
} as const;

/** Confirms one decision; the server checks again that the approver is not the requester. */
// eslint-disable-next-line max-lines-per-function -- not yet split into sub-components (issue 24, out of time)
export function DecideDialog({ decision, onClose }: { decision: PendingDecision | null; onClose: () => void }) {
  const decide = useDecideApproval();
  const kind = decision?.kind ?? 'approve';
  const form = useForm<DecideValues>({
    resolver: zodResolver(kind === 'approve' ? ApproveFormSchema : RejectFormSchema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;
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
      if (isApiError(thrown, 'FORBIDDEN', 'CONFLICT', 'ALREADY_DONE', 'INSUFFICIENT_FUNDS', 'NOT_FOUND', 'VALIDATION_FAILED'))
        form.setError('text', { message: thrown.msg });
      else showErrorToast(errorMessage(thrown));
    }
  });

  return (
    <Dialog open={decision !== null} onOpenChange={(isOpen) => !isOpen && !decide.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription asChild>
          <div>
            {row ? (
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
            ) : null}
          </div>
        </DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-3" aria-label={texts.title}>
          <Field label={texts.label} htmlFor="approval-decision-text" error={error}>
            <Input
              id="approval-decision-text"
              maxLength={500}
              {...invalidProps('approval-decision-text', error)}
              {...form.register('text')}
            />
          </Field>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={decide.isPending}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" variant={kind === 'approve' ? 'primary' : 'danger'} disabled={decide.isPending}>
              {decide.isPending ? texts.busy : texts.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
