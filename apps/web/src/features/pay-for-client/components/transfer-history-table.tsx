import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';
import { useTransferHistory } from '../api/get-transfer-history';

const COLUMNS = ['Username', 'Amount', 'Wallet', 'Status', 'Date'] as const;
const CELL = 'px-3 py-2.5 whitespace-nowrap';
const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  '0': { label: 'Pending', tone: 'warning' },
  '1': { label: 'Declined', tone: 'danger' },
  '2': { label: 'Completed', tone: 'success' },
};

function BodyRows() {
  const { data: rows, isPending } = useTransferHistory();
  if (isPending) {
    return Array.from({ length: 3 }, (_, index) => (
      <tr key={index}>
        {COLUMNS.map((column) => (
          <td key={column} className={CELL}>
            <Skeleton className="h-4 w-16" />
          </td>
        ))}
      </tr>
    ));
  }
  return (rows ?? []).map((row, index) => {
    const status = STATUSES[String(row.Status)] ?? { label: 'Unknown', tone: 'neutral' as const };
    return (
      <tr key={`${row.Username}-${row.Date}-${index}`} className="border-t border-slate-100" data-testid="transfer-row">
        <td className={CELL}>
          {row.Username}
          {row.Direction ? (
            <span className="ml-2 text-xs text-slate-500">{row.Direction === 'received' ? '(received)' : '(sent)'}</span>
          ) : null}
        </td>
        <td className={cn(CELL, 'text-right font-medium tabular-nums')}>{formatAmount(row.Amount)}</td>
        <td className={CELL}>{row.Wallet}</td>
        <td className={CELL}>
          <Badge tone={status.tone}>{status.label}</Badge>
        </td>
        <td className={CELL}>{row.Date}</td>
      </tr>
    );
  });
}

/** 'Transfer History': payments for clients, sent and received. */
export function TransferHistoryTable() {
  const { data: rows, error } = useTransferHistory();
  // Empty and error texts sit outside the sideways-scrolling table so a phone shows them whole.
  const message = error ? error.message : rows?.length === 0 ? 'No transfer history found' : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="transfer-history-title">Transfer History</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {message ? (
          <p
            className={cn('px-4 py-6 text-center text-sm', error ? 'text-red-700' : 'text-slate-600')}
            role={error ? 'alert' : undefined}
          >
            {message}
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="transfer-history-title">
            <p className="sticky left-0 px-4 pb-2 text-xs text-slate-600 sm:hidden">
              Swipe the table sideways to see every column.
            </p>
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={cn(CELL, column === 'Amount' && 'text-right')}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <BodyRows />
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
