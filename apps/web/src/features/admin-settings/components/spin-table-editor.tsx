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
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { savedText, useSaveSetting } from '../api/save-setting';
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
  const save = useSaveSetting();
  const initial = (row.value as SpinTable).map((segment) => ({ figure: segment.figure, weight: String(segment.weight) }));
  const form = useForm<{ segments: SegmentText[] }>({ values: { segments: initial } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'segments' });
  const segments = useWatch({ control: form.control, name: 'segments' }) ?? initial;
  const live = summary(kind, segments, bounds);
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
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="pr-2 font-medium">
                #
              </th>
              <th scope="col" className="pr-2 font-medium">
                {unit}
              </th>
              <th scope="col" className="pr-2 font-medium">
                Weight
              </th>
              {canEdit ? (
                <th scope="col" className="sr-only">
                  Remove
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id}>
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
                {canEdit ? (
                  <td>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove segment ${index + 1}`}
                      onClick={() => remove(index)}
                      disabled={fields.length <= 2}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid={`${kind}-expected`}
        className={live.problem ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-emerald-700'}
      >
        {live.text}
      </p>
      {form.formState.errors.root?.message ? <Alert tone="error">{form.formState.errors.root.message}</Alert> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => append({ figure: '0', weight: '1' })} disabled={fields.length >= 24}>
            <Plus className="size-4" aria-hidden="true" /> Add segment
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending || live.problem || !form.formState.isDirty}>
            {save.isPending ? 'Saving...' : `Save ${label.toLowerCase()}`}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
