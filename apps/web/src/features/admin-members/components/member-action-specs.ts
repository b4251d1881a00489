import type { AdminMemberData } from '@tuzo/contracts';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ButtonVariant } from '@/components/ui/button';
import type { AdjustRequest, MemberChange, SimpleMemberAction } from '../api/member-actions';
import { AdjustWalletFields, ChangeUplineFields, DepositFields, EditMemberFields, type FormValues } from './member-action-fields';

export type Member = AdminMemberData['member'];
export type DialogKind = SimpleMemberAction | 'adminadjust' | 'admindeposit' | 'adminupdatemember' | 'adminchangeupline';

export interface DialogSpec {
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

type SimpleSpec = Pick<DialogSpec, 'title' | 'description' | 'confirm' | 'variant'>;

/** The actions that send the username and an optional reason, and nothing else. */
const SIMPLE_SPECS: Record<SimpleMemberAction, (member: Member) => SimpleSpec> = {
  adminsuspend: ({ username }) => ({
    title: `Suspend ${username}?`,
    description: 'They are signed out everywhere now and cannot sign in until you lift it.',
    confirm: 'Suspend',
    variant: 'danger',
  }),
  adminunsuspend: ({ username }) => ({
    title: `Lift the suspension of ${username}?`,
    description: 'They can sign in again.',
    confirm: 'Unsuspend',
  }),
  adminsignout: ({ username }) => ({
    title: `Sign ${username} out everywhere?`,
    description: 'Every open session ends; they sign in again.',
    confirm: 'Sign out everywhere',
    variant: 'danger',
  }),
  adminresetlink: ({ username, email }) => ({
    title: `Send ${username} a reset link?`,
    description: `A one-time link to choose a new password goes to ${email} (valid 30 minutes).`,
    confirm: 'Send link',
  }),
  adminactivate: ({ username }) => ({
    title: `Activate ${username} for free?`,
    description: 'The fee is booked as an operator expense; uplines earn their commissions as usual.',
    confirm: 'Activate',
  }),
  admindeactivate: ({ username }) => ({
    title: `Deactivate ${username}?`,
    description: 'The upline commissions of their activation are reversed by ledger entries.',
    confirm: 'Deactivate',
    variant: 'danger',
  }),
};

/** The value when it differs from the member's current one, else left out. */
function changed(value: string | undefined, current: string): string | undefined {
  return value && value !== current ? value : undefined;
}

/** The actions with fields of their own. */
function formSpecs(member: Member): Record<Exclude<DialogKind, SimpleMemberAction>, DialogSpec> {
  const username = member.username;
  return {
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
          email: changed(values.email, member.email),
          phone: changed(values.phone, member.phone),
          country_id: changed(values.country_id, String(member.country_id)),
          reason: values.reason || undefined,
        },
      }),
    },
  };
}

/** What the dialog of `kind` says and sends. */
export function dialogSpec(member: Member, kind: DialogKind): DialogSpec {
  if (kind in SIMPLE_SPECS) {
    const action = kind as SimpleMemberAction;
    return {
      ...SIMPLE_SPECS[action](member),
      build: (values) => ({ action, payload: { username: member.username, reason: values.reason || undefined } }),
    };
  }
  return formSpecs(member)[kind as Exclude<DialogKind, SimpleMemberAction>];
}
