import {
  TRIVIA_IMPORT_HEADER,
  TRIVIA_IMPORT_MAX_BYTES,
  TRIVIA_IMPORT_MAX_ROWS,
  type AdminTriviaImportData,
} from '@tuzo/contracts';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { useImportTrivia } from '../api/import-trivia';

/** The file is checked before it is read: one was chosen, it is not empty and not over the import's limit. */
export function checkCsvFile(files: FileList | null): true | string {
  const file = files?.[0];
  if (!file || file.size === 0) return 'Choose a CSV file';
  if (file.size > TRIVIA_IMPORT_MAX_BYTES) return 'The file is larger than 1 MB';
  return true;
}

/** CSV import: the valid rows are added together; the rejected ones are listed with their line and reason. */
export function TriviaImport() {
  const importCsv = useImportTrivia();
  const fileId = useId();
  const [report, setReport] = useState<AdminTriviaImportData | null>(null);
  const form = useForm<{ file: FileList | null }>({ ...CHECK_ON_SUBMIT, defaultValues: { file: null } });
  const fileError = form.formState.errors.file?.message;
  const onSubmit = form.handleSubmit(async ({ file: files }) => {
    const file = files?.[0];
    if (!file) return;
    try {
      const result = await importCsv.mutateAsync(await file.text());
      setReport(result.data);
      toast.success(result.msg);
    } catch (error) {
      setReport(null);
      const text = failureText(error, { failed: 'The import failed', thrown: errorMessage(error) }) ?? 'The import failed';
      if (isApiError(error)) form.setError('file', { message: text });
      else showErrorToast(text);
    }
  });
  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Import questions from CSV"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <Field
          label="CSV file"
          htmlFor={fileId}
          error={fileError}
          hint={
            <p className="mt-1 text-xs text-slate-600">
              Header <code>{TRIVIA_IMPORT_HEADER.join(',')}</code>; correct is A-D. At most{' '}
              {TRIVIA_IMPORT_MAX_ROWS.toLocaleString()} rows, 1 MB.
            </p>
          }
        >
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="block text-sm"
            {...form.register('file', { validate: checkCsvFile })}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={importCsv.isPending}>
          <Upload aria-hidden="true" />
          {importCsv.isPending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {report ? <ImportReport report={report} /> : null}
    </div>
  );
}

/** What an import did: how many rows were added, and each rejected row's line and reason. */
function ImportReport({ report }: { report: AdminTriviaImportData }) {
  return (
    <div role="status" data-testid="import-report" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-medium">
        {report.inserted} added, {report.rejected.length} rejected
      </p>
      {report.rejected.length > 0 ? (
        <ul className="mt-2 max-h-48 list-disc overflow-auto pl-5">
          {report.rejected.map((row) => (
            <li key={`${row.line}-${row.reason}`}>
              Line {row.line}: {row.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
