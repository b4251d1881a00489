import { AdminTriviaSavePayloadSchema, type AdminTriviaRow } from '@tuzo/contracts';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { useSaveTrivia } from '../api/save-trivia';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;
type ErrorKey = 'question' | 'options' | 'option0' | 'option1' | 'option2' | 'option3' | 'correct';
type Errors = Partial<Record<ErrorKey, string>>;

/** Adds a question, or edits `editing` (its values fill the form; Cancel goes back to adding). */
export function TriviaForm({ editing, onDone }: { editing: AdminTriviaRow | null; onDone: () => void }) {
  const save = useSaveTrivia();
  const [errors, setErrors] = useState<Errors>({});
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const parsed = AdminTriviaSavePayloadSchema.safeParse({
      ...(editing ? { id: editing.id } : {}),
      question: values.get('question'),
      options: LETTERS.map((_letter, index) => values.get(`option${index}`)),
      correct: values.get('correct'),
      active: values.get('active') === 'on',
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        const key = (field === 'options' && typeof index === 'number' ? `option${index}` : String(field)) as ErrorKey;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ ...parsed.data, id: parsed.data.id?.toString() });
      toast.success(editing ? 'Question saved' : 'Question added');
      form.reset();
      onDone();
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED')) setErrors({ question: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The question could not be saved', thrown: errorMessage(error) }) ??
            'The question could not be saved',
        );
    }
  };
  return (
    <form
      key={editing?.id ?? 'new'}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={editing ? 'Edit question' : 'Add question'}
      className="grid gap-3 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field label="Question" htmlFor={id('question')} error={errors.question}>
          <textarea
            id={id('question')}
            name="question"
            rows={2}
            maxLength={500}
            defaultValue={editing?.question ?? ''}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            {...invalidProps(id('question'), errors.question)}
          />
        </Field>
      </div>
      {LETTERS.map((letter, index) => {
        const key = `option${index}` as ErrorKey;
        return (
          <Field key={letter} label={`Option ${letter}`} htmlFor={id(key)} error={errors[key]}>
            <Input
              id={id(key)}
              name={key}
              maxLength={200}
              defaultValue={editing?.options[index] ?? ''}
              {...invalidProps(id(key), errors[key])}
            />
          </Field>
        );
      })}
      {errors.options ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.options}
        </p>
      ) : null}
      <Field label="Correct option" htmlFor={id('correct')} error={errors.correct}>
        <Select id={id('correct')} name="correct" defaultValue={String(editing?.correct ?? 1)}>
          {LETTERS.map((letter, index) => (
            <option key={letter} value={index + 1}>
              {letter}
            </option>
          ))}
        </Select>
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
        <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} className="size-4" />
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
