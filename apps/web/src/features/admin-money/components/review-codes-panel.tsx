import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { OperatorOnly } from '@/components/operator-only';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { failureText, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney, toMinor, toPlainAmount } from '@/lib/money';
import { toastFailure } from '@/lib/refusal';
import { useStaffRole } from '@/lib/staff-role';
import { REVIEW_CODES_TEXTS, useReviewCodes, type ReviewCodeRow } from '../api/get-review-codes';
import { useResolveCode } from '../api/resolve-code';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

interface Resolution {
  row: ReviewCodeRow;
  approve: boolean;
}

interface ResolveDialogProps {
  resolution: Resolution | null;
  isOperator: boolean;
  onClose: () => void;
}

/** The payload of a resolution: an amount typed by an operator is sent with an approval only; an empty note is left out. */
function resolvePayload(resolution: Resolution, typedAmount: string | null, note: string) {
  return {
    id: resolution.row.id,
    approve: resolution.approve,
    amount: resolution.approve && typedAmount !== null ? (toPlainAmount(typedAmount) ?? undefined) : undefined,
    note: note.trim() || undefined,
  };
}

/** Credit or reject one code: an operator may type the amount received; a note is optional. */
function ResolveDialog({ resolution, isOperator, onClose }: ResolveDialogProps) {
  const resolve = useResolveCode();
  const key = useIdempotencyKey();
  const [amount, setAmount] = useState(() => (resolution?.row.amount ? (toPlainAmount(resolution.row.amount) ?? '') : ''));
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();

  async function onConfirm() {
    if (!resolution) return;
    // Empty: the provider's amount of the matching notification is credited. Typed: an operator's amount.
    const minor = amount.trim() === '' ? null : toMinor(amount);
    if (resolution.approve && amount.trim() !== '' && (minor === null || minor <= 0n)) {
      setAmountError('Enter the amount received, e.g. 500.00, or leave it empty');
      return;
    }
    try {
      const envelope = await resolve.mutateAsync({
        payload: resolvePayload(resolution, isOperator && amount.trim() !== '' ? amount : null, note),
        idempotencyKey: key.get(),
      });
      toast.success(envelope.msg || (resolution.approve ? 'Deposit credited' : 'Code rejected'));
      onClose();
    } catch (error) {
      // No notification matches yet and no amount was typed: an operator may type one, so the dialog stays open.
      if (isApiError(error, 'CONFLICT') && resolution.approve && isOperator && amount.trim() === '') {
        setAmountError(error.msg || undefined);
        return;
      }
      toastFailure(error, 'The code could not be resolved');
      // Another operator resolved it first, or it is gone: the queue was reloaded by the hook, so the dialog closes.
      if (isApiError(error, 'ALREADY_DONE', 'CONFLICT', 'NOT_FOUND')) onClose();
      // An amount the server refused belongs under the amount field.
      else if (isApiError(error, 'VALIDATION_FAILED') && resolution.approve) setAmountError(error.msg || undefined);
    }
  }

  const row = resolution?.row;
  return (
    <ConfirmDecisionDialog
      isOpen={resolution !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={resolution?.approve ? 'Credit this deposit?' : 'Reject this code?'}
      description={row ? <ResolveDescription row={row} approve={resolution?.approve === true} /> : null}
      confirmLabel={resolution?.approve ? 'Credit' : 'Reject'}
      confirmVariant={resolution?.approve ? 'primary' : 'danger'}
      isBusy={resolve.isPending}
      onConfirm={() => void onConfirm()}
    >
      <ResolveFields
        row={resolution?.approve && isOperator ? row : undefined}
        amount={amount}
        note={note}
        amountError={amountError}
        onAmountChange={(value) => {
          setAmount(value);
          setAmountError(undefined);
          key.renew();
        }}
        onNoteChange={(value) => {
          setNote(value);
          key.renew();
        }}
      />
    </ConfirmDecisionDialog>
  );
}

/** Manual deposit codes that matched no payment: the operator credits or rejects each one. */
export function ReviewCodesPanel() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useReviewCodes(page);
  // Support staff resolve codes too; the CSV export is for operators.
  const { isOperator } = useStaffRole();
  const rows = data?.rows ?? [];
  // The last code of a later page was resolved: show the page before it.
  const isPageEmptied = data !== undefined && data.rows.length === 0 && page > 1;
  useEffect(() => {
    if (isPageEmptied) setPage((current) => Math.max(1, current - 1));
  }, [isPageEmptied]);
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const columns: Array<DataTableColumn<ReviewCodeRow>> = [
    { header: 'Member', className: 'font-medium', cell: (row) => row.username },
    { header: 'Code', className: 'font-mono text-xs', cell: (row) => row.ref_code },
    { header: 'Amount', className: 'tabular-nums', cell: (row) => (row.amount ? formatMoney(row.amount, row.currency) : '—') },
    { header: 'Submitted', cell: (row) => formatDateTime(row.created_at) },
    {
      header: 'Action',
      cell: (row) => <ResolveButtons row={row} onResolve={setResolution} />,
    },
  ];
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle id="review-codes-title">Manual code review</CardTitle>
          <CardDescription>
            Transaction codes members submitted that matched no payment notification (oldest first). Credit one once the
            provider&apos;s notification arrives.
          </CardDescription>
        </div>
        <OperatorOnly>
          <ExportButton name="codes" filters={{}} />
        </OperatorOnly>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        <DataTable
          labelledBy="review-codes-title"
          columns={columns}
          rows={rows}
          isPending={isPending}
          error={error ? failureText(error, REVIEW_CODES_TEXTS) : null}
          emptyText="No codes waiting for review."
          getRowKey={(row) => row.id}
          getRowAttributes={() => ({ 'data-testid': 'review-code-row' })}
          minWidthClassName="min-w-[40rem]"
          skeleton="bar"
        />
        {data ? (
          <Pager page={data.page} limit={data.limit} total={data.total} noun="manual codes" onPageChange={setPage} />
        ) : null}
      </CardContent>
      {/* Keyed so each opening starts with that row's amount and an empty note. */}
      <ResolveDialog
        key={resolution ? `${resolution.row.id}-${String(resolution.approve)}` : 'closed'}
        resolution={resolution}
        isOperator={isOperator}
        onClose={() => setResolution(null)}
      />
    </Card>
  );
}

/** Credit or Reject: opens the dialog for that decision. */
function ResolveButtons({ row, onResolve }: { row: ReviewCodeRow; onResolve: (resolution: Resolution) => void }) {
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onResolve({ row, approve: true })} aria-label={`Credit ${row.username} ${row.ref_code}`}>
        Credit
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onResolve({ row, approve: false })}
        aria-label={`Reject ${row.username} ${row.ref_code}`}
      >
        Reject
      </Button>
    </div>
  );
}

/** The amount an operator may type when crediting (`row` given only then), and the optional note. */
function ResolveFields(props: {
  row: ReviewCodeRow | undefined;
  amount: string;
  note: string;
  amountError: string | undefined;
  onAmountChange: (amount: string) => void;
  onNoteChange: (note: string) => void;
}) {
  const { row, amount, note, amountError, onAmountChange, onNoteChange } = props;
  const amountId = useId();
  const noteId = useId();
  return (
    <>
      {row ? (
        <Field
          label={`Amount received${row.currency ? ` (${row.currency})` : ''}, only if no notification matches`}
          htmlFor={amountId}
          error={amountError}
          hint={
            <p className="mt-1 text-xs text-slate-600">
              Leave empty to credit the provider&apos;s amount. A typed amount above the four-eyes limit waits for a second
              operator.
            </p>
          }
        >
          <Input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            {...invalidProps(amountId, amountError)}
          />
        </Field>
      ) : null}
      <Field label="Note (optional)" htmlFor={noteId}>
        <Input id={noteId} value={note} maxLength={500} onChange={(event) => onNoteChange(event.target.value)} />
      </Field>
    </>
  );
}

/** Which code, whose, and what the decision does. */
function ResolveDescription({ row, approve }: { row: ReviewCodeRow; approve: boolean }) {
  return (
    <p>
      Code <span className="font-mono font-semibold">{row.ref_code}</span> from <strong>{row.username}</strong>.{' '}
      {approve
        ? "The provider's amount is credited when its payment notification matches the code."
        : 'The member is not credited.'}
    </p>
  );
}
