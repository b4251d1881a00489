import { zodResolver } from '@hookform/resolvers/zod';
import { AdminDecideClusterPayloadSchema, isApprovalRequested, type AdminClusterData } from '@tuzo/contracts';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CardDescription, TitledCard } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, invalidProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { DialogActions } from '@/components/ui/form-dialog';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { formatAmount } from '@/lib/money';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { useDecideCluster } from '../api/clusters';

// The decision's and the note's rules are the contract's (decision 030).
const DecisionFormSchema = AdminDecideClusterPayloadSchema.pick({ decision: true, note: true });
type DecisionValues = z.input<typeof DecisionFormSchema>;
type Decision = z.output<typeof DecisionFormSchema>;

/** What a decision does, said before it is sent. */
export function consequenceText(data: AdminClusterData, decision: Decision['decision']): string {
  const count = data.cluster.held_count;
  const held = `${count} held ${count === 1 ? 'commission' : 'commissions'} worth ${formatAmount(data.cluster.held_total)}`;
  const members = data.members.length;
  return decision === 'clear'
    ? `Clearing releases ${held} to the uplines' Jumbo wallets and clears the withdrawal flags of the cluster's members.`
    : `Confirming reverses ${held} to the house and suspends ${members} ${members === 1 ? 'account' : 'accounts'}.`;
}

/** A 202 answer, as the other four-eyes money actions say it: nothing changed yet. */
function sentForApprovalText(msg: string): string {
  return msg.startsWith('Sent for approval') ? msg : `Sent for approval. ${msg}`;
}

/** Clear or confirm, as two radio buttons in a labelled group. */
function DecisionChoice({ register }: { register: UseFormRegister<DecisionValues> }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Decision</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="clear" {...register('decision')} className="mt-1" />
        <span>Clear: they are different people (release the held commissions)</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="confirm" {...register('decision')} className="mt-1" />
        <span>Confirm: one person runs these accounts (reverse the commissions, suspend the accounts)</span>
      </label>
    </fieldset>
  );
}

/** The Radix dialog that says what the decision does before it is sent. */
function ConfirmDecisionDialog(props: {
  data: AdminClusterData;
  pending: Decision | null;
  isBusy: boolean;
  onClose: () => void;
  onSend: () => void;
}) {
  const { data, pending, isBusy } = props;
  return (
    <Dialog open={pending !== null} onOpenChange={(isOpen) => !isOpen && !isBusy && props.onClose()}>
      <DialogContent>
        <DialogTitle>{pending?.decision === 'confirm' ? 'Confirm this cluster?' : 'Clear this cluster?'}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700">
            <p>{pending ? consequenceText(data, pending.decision) : null}</p>
            <CardDescription>Note: {pending?.note}</CardDescription>
          </div>
        </DialogDescription>
        <DialogActions closeLabel="Back" isBusy={isBusy} className="mt-5">
          <Button variant={pending?.decision === 'confirm' ? 'danger' : 'primary'} disabled={isBusy} onClick={props.onSend}>
            {pending?.decision === 'confirm' ? 'Confirm the cluster' : 'Clear the cluster'}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

/** The operator's decision on an undecided cluster: clear or confirm, with a note, confirmed in a dialog. */
export function DecisionForm({ data }: { data: AdminClusterData }) {
  const decide = useDecideCluster();
  const [pending, setPending] = useState<Decision | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<DecisionValues, unknown, Decision>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(DecisionFormSchema),
    defaultValues: { decision: 'clear', note: '' },
  });
  const key = useFormIdempotencyKey(form.watch);
  const noteError = form.formState.errors.note?.message;

  async function send() {
    if (!pending) return;
    try {
      const envelope = await decide.mutateAsync({ payload: { id: data.cluster.id, ...pending }, idempotencyKey: key.get() });
      if (isApprovalRequested(envelope.data)) {
        const text = sentForApprovalText(envelope.msg);
        setSent(text);
        toast.success(text);
      } else toast.success(envelope.msg);
      key.renew();
      form.reset({ decision: pending.decision, note: '' });
    } catch (thrown) {
      reportRefusal(thrown, READABLE_REFUSALS, (message) => form.setError('note', { message }));
    }
    setPending(null);
  }

  return (
    <TitledCard title="Decide" description="Operators only; audited. A second operator approves it above the four-eyes limit.">
      <form
        onSubmit={(event) => void form.handleSubmit(setPending)(event)}
        noValidate
        aria-label="Decide this cluster"
        className="flex flex-col gap-3"
      >
        <DecisionChoice register={form.register} />
        <Field label="Note (3 to 500 characters, kept in the audit log)" htmlFor="cluster-note" error={noteError}>
          <Textarea id="cluster-note" maxLength={500} {...form.register('note')} {...invalidProps('cluster-note', noteError)} />
        </Field>
        <div>
          <Button type="submit" disabled={decide.isPending}>
            Decide…
          </Button>
        </div>
        {sent ? (
          <p role="status" data-testid="cluster-sent-for-approval" className="text-sm text-amber-800">
            {sent}
          </p>
        ) : null}
      </form>
      <ConfirmDecisionDialog
        data={data}
        pending={pending}
        isBusy={decide.isPending}
        onClose={() => setPending(null)}
        onSend={() => void send()}
      />
    </TitledCard>
  );
}
