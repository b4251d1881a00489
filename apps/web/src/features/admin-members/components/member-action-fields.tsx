import { MEMBER_WALLETS, WALLET_LABELS, type AdminMemberData } from '@tuzo/contracts';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useCountryOptions } from '../api/get-countries';

/** The values of the member action dialogs, as typed (the server validates them with the contracts). */
export type FormValues = Partial<
  Record<'amount' | 'wallet' | 'reason' | 'reference' | 'email' | 'phone' | 'country_id' | 'upline', string>
>;

interface FieldsProps {
  values: FormValues;
  set: (key: string, value: string) => void;
  member: AdminMemberData['member'];
}

export function AdjustWalletFields({ values, set }: FieldsProps) {
  return (
    <>
      <Field label="Wallet" htmlFor="adjust-wallet">
        <Select id="adjust-wallet" value={values.wallet ?? 'balance'} onChange={(event) => set('wallet', event.target.value)}>
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
          value={values.amount ?? ''}
          onChange={(event) => set('amount', event.target.value)}
          placeholder="e.g. 25.00 or -10.00"
          required
        />
      </Field>
      <Field label="Reason (required, kept in the audit log)" htmlFor="adjust-reason">
        <Input
          id="adjust-reason"
          value={values.reason ?? ''}
          onChange={(event) => set('reason', event.target.value)}
          minLength={3}
          maxLength={500}
          required
        />
      </Field>
    </>
  );
}

export function DepositFields({ values, set, member }: FieldsProps) {
  return (
    <>
      <Field label={`Amount received (${member.currency})`} htmlFor="deposit-amount">
        <Input
          id="deposit-amount"
          inputMode="decimal"
          autoComplete="off"
          value={values.amount ?? ''}
          onChange={(event) => set('amount', event.target.value)}
          placeholder="e.g. 500.00"
          required
        />
      </Field>
      <Field label="Receipt reference" htmlFor="deposit-reference">
        <Input
          id="deposit-reference"
          autoComplete="off"
          value={values.reference ?? ''}
          onChange={(event) => set('reference', event.target.value)}
          placeholder="e.g. bank slip or M-Pesa code"
          minLength={3}
          maxLength={60}
          required
        />
      </Field>
    </>
  );
}

export function EditMemberFields({ values, set }: FieldsProps) {
  const countries = useCountryOptions();
  return (
    <>
      <Field label="Email" htmlFor="edit-email">
        <Input id="edit-email" type="email" value={values.email ?? ''} onChange={(event) => set('email', event.target.value)} />
      </Field>
      <Field label="Phone (dial code and number)" htmlFor="edit-phone">
        <Input
          id="edit-phone"
          inputMode="tel"
          value={values.phone ?? ''}
          onChange={(event) => set('phone', event.target.value)}
        />
      </Field>
      <Field label="Country" htmlFor="edit-country">
        <Select id="edit-country" value={values.country_id ?? ''} onChange={(event) => set('country_id', event.target.value)}>
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

export function ChangeUplineFields({ values, set }: FieldsProps) {
  return (
    <Field label="New upline (username)" htmlFor="change-upline">
      <Input
        id="change-upline"
        autoComplete="off"
        value={values.upline ?? ''}
        onChange={(event) => set('upline', event.target.value)}
        required
      />
    </Field>
  );
}
