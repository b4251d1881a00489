import type { AdminMemberData } from '@tuzo/contracts';
import { Ban, GitBranch, KeyRound, LogOut, Pencil, PlusCircle, Power, PowerOff, Scale, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useMemberChange, type AdjustRequest, type MemberChange, type SimpleMemberAction } from '../api/member-actions';
import { AdjustWalletFields, ChangeUplineFields, DepositFields, EditMemberFields, type FormValues } from './member-action-fields';

type Member = AdminMemberData['member'];
type DialogKind = SimpleMemberAction | 'adminadjust' | 'admindeposit' | 'adminupdatemember' | 'adminchangeupline';

interface DialogSpec {
  title: string;
  description: ReactNode;
  confirm: string;
  variant?: ButtonVariant;
  /** Builds the change from the form's values; throws a message to show when a value is missing. */
  build: (values: FormValues) => MemberChange;
  fields?: (props: { form: UseFormReturn<FormValues>; member: Member }) => ReactNode;
  /** Money moves: sent with an idempotency key kept until the dialog closes. */
  isMoney?: boolean;
}

// eslint-disable-next-line max-lines-per-function -- not yet split into sub-components (issue 24, out of time)
function specs(member: Member): Record<DialogKind, DialogSpec> {
  const username = member.username;
  const simple =
    (action: SimpleMemberAction) =>
    (values: FormValues): MemberChange => ({ action, payload: { username, reason: values.reason || undefined } });
  return {
    adminsuspend: {
      title: `Suspend ${username}?`,
      description: 'They are signed out everywhere now and cannot sign in until you lift it.',
      confirm: 'Suspend',
      variant: 'danger',
      build: simple('adminsuspend'),
    },
    adminunsuspend: {
      title: `Lift the suspension of ${username}?`,
      description: 'They can sign in again.',
      confirm: 'Unsuspend',
      build: simple('adminunsuspend'),
    },
    adminsignout: {
      title: `Sign ${username} out everywhere?`,
      description: 'Every open session ends; they sign in again.',
      confirm: 'Sign out everywhere',
      variant: 'danger',
      build: simple('adminsignout'),
    },
    adminresetlink: {
      title: `Send ${username} a reset link?`,
      description: `A one-time link to choose a new password goes to ${member.email} (valid 30 minutes).`,
      confirm: 'Send link',
      build: simple('adminresetlink'),
    },
    adminactivate: {
      title: `Activate ${username} for free?`,
      description: 'The fee is booked as an operator expense; uplines earn their commissions as usual.',
      confirm: 'Activate',
      build: simple('adminactivate'),
    },
    admindeactivate: {
      title: `Deactivate ${username}?`,
      description: 'The upline commissions of their activation are reversed by ledger entries.',
      confirm: 'Deactivate',
      variant: 'danger',
      build: simple('admindeactivate'),
    },
    adminadjust: {
      title: `Adjust a wallet of ${username}`,
      description:
        'A ledger entry in the system currency against house adjustments. Negative removes money; a wallet never goes below zero.',
      confirm: 'Adjust wallet',
      isMoney: true,
      fields: AdjustWalletFields,
      build: (values) => ({
        action: 'adminadjust',
        payload: {
          username,
          wallet: (values.wallet || 'balance') as AdjustRequest['wallet'],
          amount: values.amount ?? '',
          reason: values.reason ?? '',
        },
      }),
    },
    admindeposit: {
      title: `Record a deposit for ${username}`,
      description: `Money received outside the app, in ${member.currency}. It is credited to the Deposit wallet once per reference.`,
      confirm: 'Record deposit',
      isMoney: true,
      fields: DepositFields,
      build: (values) => ({
        action: 'admindeposit',
        payload: { username, amount: values.amount ?? '', reference: values.reference ?? '', reason: values.reason || undefined },
      }),
    },
    adminchangeupline: {
      title: `Move ${username} under a new upline`,
      description:
        'Their levels 2 and 3 follow the new upline, and their own team moves with them. Commissions already paid move to the new uplines by ledger entries; it is refused if an old upline has spent one.',
      confirm: 'Change upline',
      fields: ChangeUplineFields,
      build: (values) => ({
        action: 'adminchangeupline',
        payload: { username, upline: values.upline ?? '', reason: values.reason || undefined },
      }),
    },
    adminupdatemember: {
      title: `Edit ${username}`,
      description:
        'Change the email, phone or country. Every change is audited. A new phone (07…, 2547… or +2547…) waits for a second operator on Approvals, then tells the member and pauses their withdrawals.',
      confirm: 'Save',
      fields: EditMemberFields,
      build: (values) => ({
        action: 'adminupdatemember',
        payload: {
          username,
          email: values.email && values.email !== member.email ? values.email : undefined,
          phone: values.phone && values.phone !== member.phone ? values.phone : undefined,
          country_id: values.country_id && values.country_id !== String(member.country_id) ? values.country_id : undefined,
          reason: values.reason || undefined,
        },
      }),
    },
  };
}

/** The buttons of the member page and the confirmation dialog each opens. */
// eslint-disable-next-line max-lines-per-function -- not yet split into sub-components (issue 24, out of time)
export function MemberActions({ member }: { member: Member }) {
  const [open, setOpen] = useState<DialogKind | null>(null);
  // No resolver: the inputs' own required / minLength checks run in the browser, the contracts on the server.
  const form = useForm<FormValues>({ defaultValues: {} });
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMemberChange();
  const key = useIdempotencyKey();
  const spec = open ? specs(member)[open] : null;

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
      // Refusals with a reason to read stay in the dialog; the rest are toasts.
      if (
        isApiError(
          error,
          'VALIDATION_FAILED',
          'CONFLICT',
          'ALREADY_DONE',
          'INSUFFICIENT_FUNDS',
          'LIMIT_NOT_MET',
          'NOT_FOUND',
          'FORBIDDEN',
          'ACCOUNT_SUSPENDED',
        )
      ) {
        setFormError(error.msg);
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  const isSuspended = member.status === 'suspended';
  const button = (kind: DialogKind, label: string, icon: ReactNode, variant: ButtonVariant = 'outline') => (
    <Button size="sm" variant={variant} onClick={() => start(kind)}>
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
        {isSuspended
          ? button('adminunsuspend', 'Unsuspend', <ShieldCheck aria-hidden="true" />, 'primary')
          : button('adminsuspend', 'Suspend', <Ban aria-hidden="true" />, 'danger')}
      </div>
      <Dialog open={spec !== null} onOpenChange={(isOpen) => !isOpen && !change.isPending && setOpen(null)}>
        <DialogContent>
          {spec ? (
            <form onSubmit={(event) => void confirm(event)}>
              <DialogTitle>{spec.title}</DialogTitle>
              <DialogDescription>{spec.description}</DialogDescription>
              <div className="mt-4 flex flex-col gap-3">
                {/* Rendered as a component, not called: the edit fields load the countries with their own hook. */}
                {spec.fields ? <spec.fields form={form} member={member} /> : null}
                {open !== 'adminadjust' ? (
                  <Field label="Reason (optional, kept in the audit log)" htmlFor="member-action-reason">
                    <Input id="member-action-reason" {...form.register('reason')} maxLength={500} />
                  </Field>
                ) : null}
                {formError ? (
                  <p role="alert" className="text-sm text-red-700">
                    {formError}
                  </p>
                ) : null}
              </div>
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="outline" disabled={change.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit" variant={spec.variant ?? 'primary'} disabled={change.isPending}>
                  {change.isPending ? 'Working...' : spec.confirm}
                </Button>
              </div>
            </form>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
