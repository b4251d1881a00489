import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { errorMessage, showErrorToast } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney, toMinor, toPlainAmount } from '@/lib/money';
import { useReviewCodes, type ReviewCodeRow } from '../api/get-review-codes';
import { useResolveCode } from '../api/resolve-code';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

const CELL = 'px-3 py-2.5 whitespace-nowrap';

interface Resolution {
  row: ReviewCodeRow;
  approve: boolean;
}

function ResolveDialog({ resolution, onClose }: { resolution: Resolution | null; onClose: () => void }) {
  const resolve = useResolveCode();
  const key = useIdempotencyKey();
  const [amount, setAmount] = useState(() => (resolution?.row.amount ? (toPlainAmount(resolution.row.amount) ?? '') : ''));
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const amountId = useId();
  const noteId = useId();

  async function onConfirm() {
    if (!resolution) return;
    const minor = amount.trim() === '' ? null : toMinor(amount);
    if (resolution.approve && (minor === null || minor <= 0n)) {
      setAmountError('Enter the amount received, e.g. 500.00');
      return;
    }
    try {
      const envelope = await resolve.mutateAsync({
        payload: {
          id: resolution.row.id,
          approve: resolution.approve,
          amount: resolution.approve ? (toPlainAmount(amount) ?? undefined) : undefined,
          note: note.trim() || undefined,
        },
        idempotencyKey: key.get(),
      });
      if (!envelope.resultcode) {
        showErrorToast(envelope.msg || 'The code could not be resolved');
        return;
      }
      toast.success(envelope.msg || (resolution.approve ? 'Deposit credited' : 'Code rejected'));
      onClose();
    } catch (caught) {
      showErrorToast(errorMessage(caught));
    }
  }

  const row = resolution?.row;
  return (
    <ConfirmDecisionDialog
      isOpen={resolution !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={resolution?.approve ? 'Credit this deposit?' : 'Reject this code?'}
      description={
        row ? (
          <p>
            Code <span className="font-mono font-semibold">{row.ref_code}</span> from <strong>{row.username}</strong>.{' '}
            {resolution?.approve ? 'Check the payment arrived before crediting.' : 'The member is not credited.'}
          </p>
        ) : null
      }
      confirmLabel={resolution?.approve ? 'Credit' : 'Reject'}
      confirmVariant={resolution?.approve ? 'primary' : 'danger'}
      isBusy={resolve.isPending}
      onConfirm={() => void onConfirm()}
    >
      {resolution?.approve ? (
        <Field label={`Amount received${row?.currency ? ` (${row.currency})` : ''}`} htmlFor={amountId} error={amountError}>
          <Input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setAmountError(undefined);
              key.renew();
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${amountId}-error` : undefined}
          />
        </Field>
      ) : null}
      <Field label="Note (optional)" htmlFor={noteId}>
        <Input
          id={noteId}
          value={note}
          maxLength={500}
          onChange={(event) => {
            setNote(event.target.value);
            key.renew();
          }}
        />
      </Field>
    </ConfirmDecisionDialog>
  );
}

/** Manual deposit codes that matched no payment: the operator credits or rejects each one. */
export function ReviewCodesPanel() {
  const { data, isPending, error } = useReviewCodes();
  const rows = data ?? [];
  const [resolution, setResolution] = useState<Resolution | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="review-codes-title">Manual code review</CardTitle>
        <CardDescription>Transaction codes members submitted that matched no payment notification.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {!isPending && (error || rows.length === 0) ? (
          <p
            className={cn('px-4 py-6 text-center text-sm', error ? 'text-red-700' : 'text-slate-600')}
            role={error ? 'alert' : undefined}
          >
            {error ? error.message : 'No codes waiting for review.'}
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="review-codes-title">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {['Member', 'Code', 'Amount', 'Submitted', 'Action'].map((column) => (
                    <th key={column} scope="col" className={CELL}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {isPending ? (
                  <tr>
                    <td colSpan={5} className={CELL}>
                      <Skeleton className="h-5 w-full" />
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.id} className="border-t border-slate-100" data-testid="review-code-row">
                      <td className={cn(CELL, 'font-medium')}>{row.username}</td>
                      <td className={cn(CELL, 'font-mono text-xs')}>{row.ref_code}</td>
                      <td className={cn(CELL, 'tabular-nums')}>{row.amount ? formatMoney(row.amount, row.currency) : '—'}</td>
                      <td className={CELL}>{row.created_at ? new Date(row.created_at).toLocaleString() : ''}</td>
                      <td className={CELL}>
                        <div className="flex gap-2">
                          <Button size="sm" onClick={() => setResolution({ row, approve: true })}>
                            Credit
                          </Button>
                          <Button size="sm" variant="outline" onClick={() => setResolution({ row, approve: false })}>
                            Reject
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      {/* Keyed so each opening starts with that row's amount and an empty note. */}
      <ResolveDialog
        key={resolution ? `${resolution.row.id}-${String(resolution.approve)}` : 'closed'}
        resolution={resolution}
        onClose={() => setResolution(null)}
      />
    </Card>
  );
}
