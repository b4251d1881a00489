import type { AdminTriviaRow } from '@tuzo/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { listError } from '@/components/ui/table-card';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { filledFields } from '@/lib/form';
import { useStaffRole } from '@/lib/staff-role';
import { useRetireTrivia } from '../api/content-writes';
import { useTrivia, type TriviaFilter } from '../api/get-trivia';
import { actionsColumn, stateColumn } from './content-columns';
import { ContentTab } from './content-tab';
import { LETTERS, TriviaForm } from './trivia-form';
import { TriviaImport } from './trivia-import';

/** The question with its four options, the correct one marked (also for screen readers). */
function OptionsCell({ row }: { row: AdminTriviaRow }) {
  return (
    <ol className="text-xs">
      {row.options.map((option, index) => (
        <li key={LETTERS[index]} className={index + 1 === row.correct ? 'font-semibold text-emerald-800' : undefined}>
          {LETTERS[index]}. {option}
          {index + 1 === row.correct ? <span className="sr-only"> (correct)</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** Edit (into the form above the list) and Retire or Restore. */
function TriviaRowActions({ row, onEdit }: { row: AdminTriviaRow; onEdit: () => void }) {
  const retire = useRetireTrivia();
  async function toggle() {
    try {
      await retire.mutateAsync({ id: row.id, active: !row.active });
      toast.success(row.active ? 'Question retired' : 'Question restored');
    } catch (failure) {
      showErrorToast(
        failureText(failure, { failed: 'The question could not be changed', thrown: errorMessage(failure) }) ??
          'The question could not be changed',
      );
    }
  }
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit question ${row.id}`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void toggle()}
        disabled={retire.isPending}
        aria-label={`${row.active ? 'Retire' : 'Restore'} question ${row.id}`}
      >
        {row.active ? 'Retire' : 'Restore'}
      </Button>
    </div>
  );
}

/** The trivia bank: search and filter, add and edit, retire and restore, CSV import (changes for operators). */
export function TriviaBank() {
  const { isOperator } = useStaffRole();
  const [filter, setFilter] = useState<TriviaFilter>({});
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminTriviaRow | null>(null);
  const { data, isPending, isFetching, error } = useTrivia(filter, page);
  const columns: Array<DataTableColumn<AdminTriviaRow>> = [
    { header: 'Question', cell: (row) => <span className="whitespace-pre-line">{row.question}</span> },
    { header: 'Options', cell: (row) => <OptionsCell row={row} /> },
    stateColumn('Active', 'Retired'),
    ...actionsColumn(isOperator, (row: AdminTriviaRow) => <TriviaRowActions row={row} onEdit={() => setEditing(row)} />),
  ];
  const editor = isOperator ? (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? `Edit question ${editing.id}` : 'Add a question'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <TriviaForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <TriviaImport />
      </CardContent>
    </Card>
  ) : null;
  const search = (typed: TriviaFilter) => {
    setFilter(typed);
    setPage(1);
  };
  return (
    <ContentTab
      editor={
        <>
          {editor}
          <TriviaSearch onSearch={search} />
        </>
      }
      title="Question bank"
      titleId="trivia-title"
      columns={columns}
      rows={data?.rows}
      isPending={isPending}
      isBusy={isFetching}
      error={listError(error, 'Failed to load questions')}
      emptyText="No question matches."
      getRowKey={(row) => row.id}
      getRowAttributes={(row) => ({ 'data-testid': 'trivia-row', 'data-id': row.id })}
      minWidthClassName="min-w-[44rem]"
      hasSwipeHint
    >
      {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="questions" onPageChange={setPage} /> : null}
    </ContentTab>
  );
}

/** Search by question text and state; an empty field is no filter. */
function TriviaSearch({ onSearch }: { onSearch: (filter: TriviaFilter) => void }) {
  const search = useForm<Required<TriviaFilter>>({ defaultValues: { q: '', status: '' } });
  const submit = search.handleSubmit((typed) => onSearch(filledFields(typed)));
  return (
    <form
      role="search"
      aria-label="Search questions"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <Field label="Question text" htmlFor="trivia-q">
          <Input id="trivia-q" type="search" {...search.register('q')} />
        </Field>
      </div>
      <Field label="State" htmlFor="trivia-status">
        <Select id="trivia-status" {...search.register('status')}>
          <option value="">Active and retired</option>
          <option value="active">Active</option>
          <option value="retired">Retired</option>
        </Select>
      </Field>
      <div className="flex items-end">
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
