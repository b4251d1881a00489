import { MEMBER_WALLETS, WALLET_LABELS, type AdminMemberData } from '@tuzo/contracts';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useCountryOptions } from '@/hooks/use-country-options';

/** The values of the member action dialogs, as typed (the server validates them with the contracts). */
export type FormValues = Partial<
  Record<'amount' | 'wallet' | 'reason' | 'reference' | 'email' | 'phone' | 'country_id' | 'upline', string>
>;

interface FieldsProps {
  /** The dialog's form; each field registers with it. */
  form: UseFormReturn<FormValues>;
  member: AdminMemberData['member'];
}

export function AdjustWalletFields({ form }: FieldsProps) {
  return (
    <>
      <Field label="Wallet" htmlFor="adjust-wallet">
        <Select id="adjust-wallet" {...form.register('wallet')}>
          {MEMBER_WALLETS.map((wallet) => (
            <option key={wallet} value={wallet}>
              {WALLET_LABELS[wallet]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Amount (system currency, negative to remove)" htmlFor="adjust-amount">
        <Input
          id="adjust-amount"
          inputMode="decimal"
          autoComplete="off"
          {...form.register('amount')}
          placeholder="e.g. 25.00 or -10.00"
          required
        />
      </Field>
      <Field label="Reason (required, kept in the audit log)" htmlFor="adjust-reason">
        <Input id="adjust-reason" {...form.register('reason')} minLength={3} maxLength={500} required />
      </Field>
    </>
  );
}

export function DepositFields({ form, member }: FieldsProps) {
  return (
    <>
      <Field label={`Amount received (${member.currency})`} htmlFor="deposit-amount">
        <Input
          id="deposit-amount"
          inputMode="decimal"
          autoComplete="off"
          {...form.register('amount')}
          placeholder="e.g. 500.00"
          required
        />
      </Field>
      <Field label="Receipt reference" htmlFor="deposit-reference">
        <Input
          id="deposit-reference"
          autoComplete="off"
          {...form.register('reference')}
          placeholder="e.g. bank slip or M-Pesa code"
          minLength={3}
          maxLength={60}
          required
        />
      </Field>
    </>
  );
}

export function EditMemberFields({ form }: FieldsProps) {
  const countries = useCountryOptions();
  // The country list arrives after the dialog opens: once its options exist, the select shows the member's country.
  useEffect(() => {
    if (countries.data) form.setValue('country_id', form.getValues('country_id'));
  }, [countries.data, form]);
  return (
    <>
      <Field label="Email" htmlFor="edit-email">
        <Input id="edit-email" type="email" {...form.register('email')} />
      </Field>
      <Field label="Phone (dial code and number)" htmlFor="edit-phone">
        <Input id="edit-phone" inputMode="tel" {...form.register('phone')} />
      </Field>
      <Field label="Country" htmlFor="edit-country">
        <Select id="edit-country" {...form.register('country_id')}>
          {(countries.data ?? []).map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

export function ChangeUplineFields({ form }: FieldsProps) {
  return (
    <Field label="New upline (username)" htmlFor="change-upline">
      <Input id="change-upline" autoComplete="off" {...form.register('upline')} required />
    </Field>
  );
}
