import { AdminTriviaSavePayloadSchema, type AdminTriviaRow, type AdminTriviaSavePayload } from '@tuzo/contracts';
import { useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { CHECK_ON_SUBMIT, contractResolver, errorTexts } from '@/lib/form';
import { useSaveTrivia } from '../api/content-writes';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;
type ErrorKey = 'question' | 'options' | 'option0' | 'option1' | 'option2' | 'option3' | 'correct';
type Errors = Partial<Record<ErrorKey, string>>;

/** The form's fields: one input a letter (its message shows under it), the correct letter's number, the tick. */
export interface TriviaFields {
  question: string;
  option0: string;
  option1: string;
  option2: string;
  option3: string;
  correct: string;
  active: boolean;
}

function fieldsOf(editing: AdminTriviaRow | null): TriviaFields {
  return {
    question: editing?.question ?? '',
    option0: editing?.options[0] ?? '',
    option1: editing?.options[1] ?? '',
    option2: editing?.options[2] ?? '',
    option3: editing?.options[3] ?? '',
    correct: String(editing?.correct ?? 1),
    active: editing?.active ?? true,
  };
}

/** The save payload the fields make; the edited question's id goes with it. */
export function toTriviaPayload(fields: TriviaFields, editing: AdminTriviaRow | null) {
  return {
    ...(editing ? { id: editing.id } : {}),
    question: fields.question,
    options: [fields.option0, fields.option1, fields.option2, fields.option3],
    correct: fields.correct,
    active: fields.active,
  };
}

/** A message about one option goes under that option's input; one about all four under the four. */
export function triviaFieldOf(path: readonly PropertyKey[]): string {
  const [field, index] = path;
  return field === 'options' && typeof index === 'number' ? `option${index}` : String(field ?? 'form');
}

/** Adds a question, or edits `editing` (its values fill the form; Cancel goes back to adding). */
export function TriviaForm({ editing, onDone }: { editing: AdminTriviaRow | null; onDone: () => void }) {
  const save = useSaveTrivia();
  const form = useForm<TriviaFields, unknown, AdminTriviaSavePayload>({
    ...CHECK_ON_SUBMIT,
    resolver: contractResolver(AdminTriviaSavePayloadSchema, {
      toPayload: (fields) => toTriviaPayload(fields, editing),
      fieldOf: triviaFieldOf,
    }),
    defaultValues: fieldsOf(editing),
  });
  const errors: Errors = errorTexts(form.formState.errors);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      await save.mutateAsync({ ...payload, id: payload.id?.toString() });
      toast.success(editing ? 'Question saved' : 'Question added');
      form.reset();
      onDone();
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED')) form.setError('question', { message: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The question could not be saved', thrown: errorMessage(error) }) ??
            'The question could not be saved',
        );
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={editing ? 'Edit question' : 'Add question'}
      className="grid gap-3 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field label="Question" htmlFor={id('question')} error={errors.question}>
          <textarea
            id={id('question')}
            rows={2}
            maxLength={500}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            {...invalidProps(id('question'), errors.question)}
            {...form.register('question')}
          />
        </Field>
      </div>
      <TriviaOptionInputs form={form} errors={errors} id={id} />
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" {...form.register('active')} />
        Active (drawn for new rounds)
      </label>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save question' : 'Add question'}
        </Button>
        {editing ? (
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The four options (a message about one under its input, one about all four under the four) and the correct one. */
function TriviaOptionInputs({
  form,
  errors,
  id,
}: {
  form: UseFormReturn<TriviaFields, unknown, AdminTriviaSavePayload>;
  errors: Errors;
  id: (name: string) => string;
}) {
  return (
    <>
      {LETTERS.map((letter, index) => {
        const key = `option${index}` as `option${0 | 1 | 2 | 3}`;
        return (
          <Field key={letter} label={`Option ${letter}`} htmlFor={id(key)} error={errors[key]}>
            <Input id={id(key)} maxLength={200} {...invalidProps(id(key), errors[key])} {...form.register(key)} />
          </Field>
        );
      })}
      {errors.options ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.options}
        </p>
      ) : null}
      <Field label="Correct option" htmlFor={id('correct')} error={errors.correct}>
        <Select id={id('correct')} {...form.register('correct')}>
          {LETTERS.map((letter, index) => (
            <option key={letter} value={index + 1}>
              {letter}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
