import {
  AdminCountryPayloadSchema,
  FEE_FIELD_LABELS,
  FEE_FIELDS,
  type AdminCountryFees,
  type AdminCountryRow,
  type AdminTariffBracket,
} from '@tuzo/contracts';
import { useId } from 'react';
import { useFieldArray, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { useSaveCountry } from '../api/save-country';
import { savedText } from '../api/save-setting';
import { EditableRowsFooter, EditableRowsTable, RemoveRowCell } from './editable-rows';

interface CountryValues {
  rate: string;
  enabled: boolean;
  fees: AdminCountryFees;
  tariff: AdminTariffBracket[];
}

const EMPTY_FEES: AdminCountryFees = { creg: '0.00', fl1: '0.00', fl2: '0.00', fl3: '0.00', cbonus: '0.00', min_with: '0.00' };

/**
 * One country's rate, switch, fee row and tariff brackets (its own currency), saved together; the contract's schema
 * checks every amount and that brackets do not overlap before anything is sent.
 */
export function CountryEditor({ country, canEdit }: { country: AdminCountryRow; canEdit: boolean }) {
  const save = useSaveCountry();
  const form = useForm<CountryValues>({
    values: { rate: country.rate, enabled: country.enabled, fees: country.fees ?? EMPTY_FEES, tariff: country.tariff },
  });
  const brackets = useFieldArray({ control: form.control, name: 'tariff' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = AdminCountryPayloadSchema.safeParse({ id: country.id, ...values });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        form.setError((path === 'tariff' || path === '' ? 'root' : path) as FieldPath<CountryValues> | 'root', {
          message: issue.message,
        });
      }
      return;
    }
    try {
      toast.success(savedText(country.name, await save.mutateAsync(parsed.data)));
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED', 'NOT_FOUND')) form.setError('root', { message: error.msg });
      else showErrorToast(errorMessage(error, 'The country could not be saved'));
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`${country.name} fees`}
      className="flex flex-col gap-4"
    >
      <CountryFeeFields country={country} canEdit={canEdit} form={form} />
      <EditableRowsTable caption={`Withdrawal tariff (${country.currency})`} headers={['From', 'To', 'Fee']} canEdit={canEdit}>
        {brackets.fields.map((field, index) => (
          <tr key={field.id}>
            {(['min', 'max', 'tariff'] as const).map((part) => (
              <td key={part} className="py-1 pr-2">
                <Input
                  aria-label={`Bracket ${index + 1} ${part === 'min' ? 'from' : part === 'max' ? 'to' : 'fee'}`}
                  inputMode="decimal"
                  disabled={!canEdit}
                  className="w-28"
                  {...form.register(`tariff.${index}.${part}`)}
                />
              </td>
            ))}
            <RemoveRowCell canEdit={canEdit} label={`Remove bracket ${index + 1}`} onRemove={() => brackets.remove(index)} />
          </tr>
        ))}
      </EditableRowsTable>
      <EditableRowsFooter
        error={errors.root?.message}
        canEdit={canEdit}
        addLabel="Add bracket"
        onAdd={() => brackets.append({ min: '', max: '', tariff: '' })}
        saveLabel={`Save ${country.name}`}
        isSaving={save.isPending}
        saveDisabled={save.isPending}
      />
    </form>
  );
}

/** The rate, the fee row and the sign-up switch; each amount's message under its input. */
function CountryFeeFields({
  country,
  canEdit,
  form,
}: {
  country: AdminCountryRow;
  canEdit: boolean;
  form: UseFormReturn<CountryValues>;
}) {
  const id = useId();
  const { errors } = form.formState;
  const fieldError = (path: string) =>
    (
      path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors) as
        { message?: string } | undefined
    )?.message;
  return (
    <fieldset disabled={!canEdit} className="grid gap-3 sm:grid-cols-3">
      <Field label={`Rate (${country.currency} per system unit)`} htmlFor={`${id}-rate`} error={fieldError('rate')}>
        <Input
          id={`${id}-rate`}
          inputMode="decimal"
          {...invalidProps(`${id}-rate`, fieldError('rate'))}
          {...form.register('rate')}
        />
      </Field>
      {FEE_FIELDS.map((fee) => (
        <Field
          key={fee}
          label={`${FEE_FIELD_LABELS[fee]} (${country.currency})`}
          htmlFor={`${id}-${fee}`}
          error={fieldError(`fees.${fee}`)}
        >
          <Input
            id={`${id}-${fee}`}
            inputMode="decimal"
            {...invalidProps(`${id}-${fee}`, fieldError(`fees.${fee}`))}
            {...form.register(`fees.${fee}`)}
          />
        </Field>
      ))}
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" {...form.register('enabled')} /> Open for sign-up
      </label>
    </fieldset>
  );
}
