import { Ban, GitBranch, KeyRound, LogOut, Pencil, PlusCircle, Power, PowerOff, Scale, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { DialogActions } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, isApiError } from '@/lib/api-client';
import { READABLE_REFUSALS } from '@/lib/refusal';
import { useMemberChange } from '../api/member-actions';
import type { FormValues } from './member-action-fields';
import { dialogSpec, type DialogKind, type Member } from './member-action-specs';

/** Shown in the dialog: the readable refusals, and the money and account states that stop a change. */
const IN_DIALOG_REFUSALS = [...READABLE_REFUSALS, 'INSUFFICIENT_FUNDS', 'LIMIT_NOT_MET', 'ACCOUNT_SUSPENDED'] as const;

/** The open dialog, its form and the change it sends. */
function useMemberActionDialog(member: Member) {
  const [open, setOpen] = useState<DialogKind | null>(null);
  // No resolver: the inputs' own required / minLength checks run in the browser, the contracts on the server.
  const form = useForm<FormValues>({ defaultValues: {} });
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMemberChange();
  const key = useIdempotencyKey();
  const spec = open ? dialogSpec(member, open) : null;

  function start(kind: DialogKind) {
    key.renew();
    setFormError(null);
    form.reset(
      kind === 'adminupdatemember' ? { email: member.email, phone: member.phone, country_id: String(member.country_id) } : {},
    );
    setOpen(kind);
  }
  const confirm = form.handleSubmit(async (values) => {
    if (!spec) return;
    try {
      const envelope = await change.mutateAsync({
        change: spec.build(values),
        idempotencyKey: spec.isMoney ? key.get() : undefined,
      });
      toast.success(envelope.msg || 'Done');
      setOpen(null);
    } catch (error) {
      // Refusals with a reason to read show the server's words; anything else its own message.
      setFormError(isApiError(error, ...IN_DIALOG_REFUSALS) ? error.msg : errorMessage(error));
    }
  });
  return { open, spec, form, formError, isBusy: change.isPending, start, confirm, close: () => setOpen(null) };
}

type ActionDialog = ReturnType<typeof useMemberActionDialog>;

function MemberActionDialog({ dialog, member }: { dialog: ActionDialog; member: Member }) {
  const { spec, form, isBusy } = dialog;
  return (
    <Dialog open={spec !== null} onOpenChange={(isOpen) => !isOpen && !isBusy && dialog.close()}>
      <DialogContent>
        {spec ? (
          <form onSubmit={(event) => void dialog.confirm(event)}>
            <DialogTitle>{spec.title}</DialogTitle>
            <DialogDescription>{spec.description}</DialogDescription>
            <div className="mt-4 flex flex-col gap-3">
              {/* Rendered as a component, not called: the edit fields load the countries with their own hook. */}
              {spec.fields ? <spec.fields form={form} member={member} /> : null}
              {dialog.open !== 'adminadjust' ? (
                <Field label="Reason (optional, kept in the audit log)" htmlFor="member-action-reason">
                  <Input id="member-action-reason" {...form.register('reason')} maxLength={500} />
                </Field>
              ) : null}
              {dialog.formError ? (
                <p role="alert" className="text-sm text-red-700">
                  {dialog.formError}
                </p>
              ) : null}
            </div>
            <DialogActions closeLabel="Cancel" isBusy={isBusy} className="mt-5">
              <Button type="submit" variant={spec.variant ?? 'primary'} disabled={isBusy}>
                {isBusy ? 'Working...' : spec.confirm}
              </Button>
            </DialogActions>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The buttons of the member page and the confirmation dialog each opens. */
export function MemberActions({ member }: { member: Member }) {
  const dialog = useMemberActionDialog(member);
  const button = (kind: DialogKind, label: string, icon: ReactNode, variant: ButtonVariant = 'outline') => (
    <Button size="sm" variant={variant} onClick={() => dialog.start(kind)}>
      {icon}
      {label}
    </Button>
  );
  return (
    <>
      <div role="toolbar" aria-label="Member actions" className="flex flex-wrap gap-2">
        {button('adminupdatemember', 'Edit details', <Pencil aria-hidden="true" />)}
        {button('adminadjust', 'Adjust wallet', <Scale aria-hidden="true" />)}
        {button('admindeposit', 'Record deposit', <PlusCircle aria-hidden="true" />)}
        {button('adminchangeupline', 'Change upline', <GitBranch aria-hidden="true" />)}
        {button('adminresetlink', 'Send reset link', <KeyRound aria-hidden="true" />)}
        {button('adminsignout', 'Sign out everywhere', <LogOut aria-hidden="true" />)}
        {member.status === 'inactive' ? button('adminactivate', 'Activate free', <Power aria-hidden="true" />) : null}
        {member.status === 'active' ? button('admindeactivate', 'Deactivate', <PowerOff aria-hidden="true" />) : null}
        {member.status === 'suspended'
          ? button('adminunsuspend', 'Unsuspend', <ShieldCheck aria-hidden="true" />, 'primary')
          : button('adminsuspend', 'Suspend', <Ban aria-hidden="true" />, 'danger')}
      </div>
      <MemberActionDialog dialog={dialog} member={member} />
    </>
  );
}
