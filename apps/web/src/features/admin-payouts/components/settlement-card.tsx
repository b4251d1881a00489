import { PayoutSettlementQuerySchema } from '@tuzo/contracts';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, showErrorToast } from '@/lib/api-client';
import { downloadCsvFrom } from '@/lib/download-csv';
import { CHECK_ON_SUBMIT, contractResolver } from '@/lib/form';

const SETTLEMENT_PATH = '/api/admin/payouts/settlement';

/**
 * The daily settlement CSV (operators only): one operator day's payouts by state with receipts, charges and provider
 * fees, ending with a total line equal to what the ledger's provider:payouts received that day.
 */
export function SettlementCard() {
  const id = useId();
  const form = useForm<{ day: string }, unknown, { day?: string }>({
    ...CHECK_ON_SUBMIT,
    defaultValues: { day: '' },
    // An empty day is today's operator day on the server.
    resolver: contractResolver(PayoutSettlementQuerySchema, { toPayload: ({ day }) => ({ day: day || undefined }) }),
  });
  const error = form.formState.errors.day?.message;
  const onSubmit = form.handleSubmit(async ({ day }) => {
    try {
      await downloadCsvFrom(SETTLEMENT_PATH, { day }, `tuzo-payouts-${day ?? 'today'}.csv`);
      toast.success('Settlement downloaded');
    } catch (thrown) {
      showErrorToast(failureText(thrown, { failed: 'The settlement could not be downloaded' }) ?? errorMessage(thrown));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Daily settlement</CardTitle>
        <CardDescription>
          One day’s payouts by state with their receipts, charges and provider fees, and a total line that matches the ledger’s
          provider:payouts, to reconcile with the provider’s statement.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Download the settlement"
          className="flex flex-wrap items-end gap-3"
        >
          <div className="w-52">
            <Field
              label="Day"
              htmlFor={`${id}-day`}
              error={error}
              hint={<p className="mt-1 text-xs text-slate-600">Empty: today.</p>}
            >
              <Input id={`${id}-day`} type="date" {...invalidProps(`${id}-day`, error)} {...form.register('day')} />
            </Field>
          </div>
          <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
            <Download aria-hidden="true" />
            {form.formState.isSubmitting ? 'Downloading…' : 'Download settlement CSV'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
