import { AdminTaskScheduleSchema, type AdminTaskSchedule } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError, showErrorToast } from '@/lib/api-client';
import { useSaveTaskDays } from '../api/task-days';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const TASK_LABELS: Record<AdminTaskSchedule['kind'], string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  ads: 'Ads',
  trivia: 'Trivia',
};

/** The weekdays one task runs on, as seven checkboxes. */
export function TaskDaysForm({ schedule, canEdit }: { schedule: AdminTaskSchedule; canEdit: boolean }) {
  const save = useSaveTaskDays();
  const label = TASK_LABELS[schedule.kind];
  const form = useForm<{ days: string[] }>({ values: { days: schedule.weekdays.map(String) } });
  const onSubmit = form.handleSubmit(async ({ days }) => {
    const parsed = AdminTaskScheduleSchema.safeParse({ kind: schedule.kind, weekdays: (days || []).map(Number) });
    if (!parsed.success) {
      form.setError('root', { message: parsed.error.issues[0]?.message ?? 'Pick at least one day' });
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast.success(`${label} days saved`);
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED')) form.setError('root', { message: error.msg });
      else showErrorToast(errorMessage(error, 'The days could not be saved'));
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`${label} days`}
      className="flex flex-wrap items-center gap-3 py-2"
    >
      <fieldset disabled={!canEdit} className="flex flex-wrap items-center gap-3">
        <legend className="w-24 text-sm font-medium text-slate-800">{label}</legend>
        {DAYS.map((day, index) => (
          <label key={day} className="flex items-center gap-1 text-sm text-slate-700">
            <input type="checkbox" value={String(index)} className="size-4" {...form.register('days')} /> {day}
          </label>
        ))}
      </fieldset>
      {canEdit ? (
        <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
          Save
        </Button>
      ) : null}
      {form.formState.errors.root?.message ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {form.formState.errors.root.message}
        </p>
      ) : null}
    </form>
  );
}
