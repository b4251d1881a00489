import type { AdminTriviaRow } from '@tuzo/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { filledFields } from '@/lib/form';
import { useStaffRole } from '@/lib/staff-role';
import { useRetireTrivia } from '../api/retire-trivia';
import { useTrivia, type TriviaFilter } from '../api/get-trivia';
import { LETTERS, TriviaForm } from './trivia-form';
import { TriviaImport } from './trivia-import';

/** The trivia bank: search and filter, add and edit, retire and restore, CSV import (changes for operators). */
export function TriviaBank() {
  const { isOperator } = useStaffRole();
  const [filter, setFilter] = useState<TriviaFilter>({});
  const search = useForm<Required<TriviaFilter>>({ defaultValues: { q: '', status: '' } });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminTriviaRow | null>(null);
  const { data, isPending, isFetching, error } = useTrivia(filter, page);
  const retire = useRetireTrivia();

  // An empty field is no filter.
  const submit = search.handleSubmit((typed) => {
    setFilter(filledFields(typed));
    setPage(1);
  });
  async function toggle(row: AdminTriviaRow) {
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
  const columns: Array<DataTableColumn<AdminTriviaRow>> = [
    { header: 'Question', cell: (row) => <span className="whitespace-pre-line">{row.question}</span> },
    {
      header: 'Options',
      cell: (row) => (
        <ol className="text-xs">
          {row.options.map((option, index) => (
            <li key={LETTERS[index]} className={index + 1 === row.correct ? 'font-semibold text-emerald-800' : undefined}>
              {LETTERS[index]}. {option}
              {index + 1 === row.correct ? <span className="sr-only"> (correct)</span> : null}
            </li>
          ))}
        </ol>
      ),
    },
    {
      header: 'State',
      cell: (row) => <Badge tone={row.active ? 'success' : 'neutral'}>{row.active ? 'Active' : 'Retired'}</Badge>,
    },
    ...(isOperator
      ? [
          {
            header: 'Actions',
            cell: (row: AdminTriviaRow) => (
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(row)} aria-label={`Edit question ${row.id}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void toggle(row)}
                  disabled={retire.isPending}
                  aria-label={`${row.active ? 'Retire' : 'Restore'} question ${row.id}`}
                >
                  {row.active ? 'Retire' : 'Restore'}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      {isOperator ? (
        <Card>
          <CardHeader>
            <CardTitle>{editing ? `Edit question ${editing.id}` : 'Add a question'}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <TriviaForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
            <TriviaImport />
          </CardContent>
        </Card>
      ) : null}
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
      <Card>
        <CardHeader>
          <CardTitle id="trivia-title">Question bank</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <DataTable
            labelledBy="trivia-title"
            columns={columns}
            rows={data?.rows}
            isPending={isPending}
            isBusy={isFetching}
            error={error ? failureText(error, { failed: 'Failed to load questions', thrown: 'Failed to load questions' }) : null}
            emptyText="No question matches."
            getRowKey={(row) => row.id}
            getRowAttributes={(row) => ({ 'data-testid': 'trivia-row', 'data-id': row.id })}
            minWidthClassName="min-w-[44rem]"
            hasSwipeHint
          />
          {data ? <Pager page={data.page} limit={data.limit} total={data.total} noun="questions" onPageChange={setPage} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
