import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { depositTexts } from '../texts';
import { MIN_DEPOSIT_INPUT } from '../utils/deposit-schemas';

export interface DepositAmountFieldProps {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** The 'Amount' input of a deposit form, with its validation message. */
export function DepositAmountField({ id, error, registration }: DepositAmountFieldProps) {
  const t = useTexts(depositTexts);
  return (
    <Field label={t('amount')} htmlFor={id} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={MIN_DEPOSIT_INPUT}
        step="any"
        {...invalidProps(id, error)}
        {...registration}
      />
    </Field>
  );
}
