import {
  casinoReturnProblem,
  checkSettingChange,
  expectedPrizeMinor,
  expectedReturnBasisPoints,
  formatBasisPoints,
  formatMinor,
  SpinTableSchema,
  type AdminSettingRow,
  type SpinTable,
} from '@tuzo/contracts';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { savedText, useSaveSetting } from '../api/save-setting';
import { EditableRowsFooter, EditableRowsTable, RemoveRowCell } from './editable-rows';
import { SETTING_LABELS } from './setting-value';

interface SegmentText {
  figure: string;
  weight: string;
}

function toTable(segments: readonly SegmentText[]): unknown {
  return segments.map((segment) => ({
    figure: segment.figure.trim(),
    weight: /^\d+$/.test(segment.weight.trim()) ? Number(segment.weight) : segment.weight,
  }));
}

/** What the wheel pays on average, computed with the same pure function the server publishes the odds with. */
function summary(kind: 'casino' | 'free', segments: readonly SegmentText[], bounds: { min: string; max: string }) {
  const parsed = SpinTableSchema.safeParse(toTable(segments));
  if (!parsed.success)
    return { text: `Not a valid wheel yet: ${parsed.error.issues[0]?.message ?? 'check the rows'}`, problem: true };
  const table: SpinTable = parsed.data;
  if (kind === 'free')
    return { text: `Expected prize: ${formatMinor(expectedPrizeMinor(table))} (system currency) per spin`, problem: false };
  const problem = casinoReturnProblem(table);
  return {
    text:
      problem ??
      `Expected return: ${formatBasisPoints(expectedReturnBasisPoints(table))} % of the stake (allowed ${bounds.min} %–${bounds.max} %)`,
    problem: problem !== null,
  };
}

/** The wheel's form: its segments, the live summary while editing, and the save (checked as the server checks it). */
function useWheelForm(
  row: AdminSettingRow,
  label: string,
  summarise: (segments: readonly SegmentText[]) => { text: string; problem: boolean },
) {
  const save = useSaveSetting();
  const initial = (row.value as SpinTable).map((segment) => ({ figure: segment.figure, weight: String(segment.weight) }));
  const form = useForm<{ segments: SegmentText[] }>({ values: { segments: initial } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'segments' });
  const segments = useWatch({ control: form.control, name: 'segments' }) ?? initial;
  const live = summarise(segments);
  const onSubmit = form.handleSubmit(async (values) => {
    const check = checkSettingChange(row.key, toTable(values.segments));
    if (!check.ok) {
      form.setError('root', { message: check.message });
      return;
    }
    try {
      toast.success(savedText(label, await save.mutateAsync({ key: row.key, value: check.value })));
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED')) form.setError('root', { message: error.msg });
      else showErrorToast(errorMessage(error, 'The wheel could not be saved'));
    }
  });
  return { save, form, fields, append, remove, live, onSubmit };
}

/** A wheel's segments in wheel order (figure and weight), with the expected return or prize computed while editing. */
export function SpinTableEditor({
  row,
  canEdit,
  bounds,
}: {
  row: AdminSettingRow;
  canEdit: boolean;
  bounds: { min: string; max: string };
}) {
  const kind = row.key === 'spins.casino_table' ? 'casino' : 'free';
  const label = SETTING_LABELS[row.key] ?? row.key;
  const { save, form, fields, append, remove, live, onSubmit } = useWheelForm(row, label, (segments) =>
    summary(kind, segments, bounds),
  );
  const unit = kind === 'casino' ? 'Multiplier' : 'Prize';
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label}
      className="flex flex-col gap-3 border-b border-slate-100 py-3 last:border-0"
    >
      <div>
        <h3 className="text-sm font-medium text-slate-800">{label}</h3>
        <p className="text-xs text-slate-500">{row.description}</p>
      </div>
      <EditableRowsTable headers={['#', unit, 'Weight']} canEdit={canEdit}>
        {fields.map((field, index) => (
          <SegmentRow
            key={field.id}
            index={index}
            unit={unit}
            canEdit={canEdit}
            form={form}
            onRemove={() => remove(index)}
            canRemove={fields.length > 2}
          />
        ))}
      </EditableRowsTable>
      <p
        role="status"
        aria-live="polite"
        data-testid={`${kind}-expected`}
        className={live.problem ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-emerald-700'}
      >
        {live.text}
      </p>
      <EditableRowsFooter
        error={form.formState.errors.root?.message}
        canEdit={canEdit}
        addLabel="Add segment"
        onAdd={() => append({ figure: '0', weight: '1' })}
        addDisabled={fields.length >= 24}
        saveLabel={`Save ${label.toLowerCase()}`}
        isSaving={save.isPending}
        saveDisabled={save.isPending || live.problem || !form.formState.isDirty}
      />
    </form>
  );
}

/** One segment: its number, figure (multiplier or prize) and weight. */
function SegmentRow(props: {
  index: number;
  unit: string;
  canEdit: boolean;
  form: UseFormReturn<{ segments: SegmentText[] }>;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const { index, unit, canEdit, form } = props;
  return (
    <tr>
      <td className="pr-2 text-slate-500 tabular-nums">{index + 1}</td>
      <td className="py-1 pr-2">
        <Input
          aria-label={`${unit} of segment ${index + 1}`}
          disabled={!canEdit}
          className="w-28"
          {...form.register(`segments.${index}.figure`)}
        />
      </td>
      <td className="py-1 pr-2">
        <Input
          aria-label={`Weight of segment ${index + 1}`}
          inputMode="numeric"
          disabled={!canEdit}
          className="w-32"
          {...form.register(`segments.${index}.weight`)}
        />
      </td>
      <RemoveRowCell
        canEdit={canEdit}
        label={`Remove segment ${index + 1}`}
        onRemove={props.onRemove}
        disabled={!props.canRemove}
      />
    </tr>
  );
}
