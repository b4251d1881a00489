import { zodResolver } from '@hookform/resolvers/zod';
import { AskReviewPayloadSchema, type AskReviewPayload, type MyHold, type MyHoldsData } from '@tuzo/contracts';
import { ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field, invalidProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useFormIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useTexts, type Translate } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { formatLongDateTime } from '@/lib/format-date';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { formatMoney } from '@/lib/money';
import { READABLE_REFUSALS, reportRefusal } from '@/lib/refusal';
import { useAskReview, useMyHolds } from '../api/holds';
import { holdsTexts } from '../texts';

type Key = keyof typeof holdsTexts.en;
const STATE_KEYS: Record<MyHold['state'], Key> = { held: 'stateHeld', released: 'stateReleased', reversed: 'stateReversed' };

function holdColumns(t: Translate<Key>): Array<DataTableColumn<MyHold>> {
  return [
    { header: t('colFrom'), className: 'font-medium', cell: (row) => row.from_member },
    { header: t('colLevel'), cell: (row) => t('level', { level: row.level }) },
    { header: t('colAmount'), isNumeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
    { header: t('colState'), cell: (row) => t(STATE_KEYS[row.state]) },
    { header: t('colHeldOn'), cell: (row) => formatLongDateTime(row.held_at) },
  ];
}

/** "Ask for a review": one message to the operators while something is held (the contract's rules, decision 030). */
function AskReviewForm() {
  const t = useTexts(holdsTexts);
  const ask = useAskReview();
  const form = useForm<z.input<typeof AskReviewPayloadSchema>, unknown, AskReviewPayload>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(AskReviewPayloadSchema),
    defaultValues: { message: '' },
  });
  const key = useFormIdempotencyKey(form.watch);
  const error = form.formState.errors.message?.message;
  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      const envelope = await ask.mutateAsync({ payload, idempotencyKey: key.get() });
      toast.success(envelope.msg);
      key.renew();
    } catch (thrown) {
      reportRefusal(thrown, READABLE_REFUSALS, (message) => form.setError('message', { message }));
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="ask-review-title"
      className="flex flex-col gap-3"
    >
      <h3 id="ask-review-title" className="text-sm font-semibold text-slate-900">
        {t('askTitle')}
      </h3>
      <Field
        label={t('messageLabel')}
        htmlFor="ask-review-message"
        error={error}
        hint={<p className="mt-1 text-xs text-slate-600">{t('messageHint')}</p>}
      >
        <Textarea
          id="ask-review-message"
          maxLength={500}
          {...form.register('message')}
          {...invalidProps('ask-review-message', error)}
        />
      </Field>
      <div>
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}

function HoldsBody({ data }: { data: MyHoldsData }) {
  const t = useTexts(holdsTexts);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-800" data-testid="holds-reason">
        {data.reason ?? t('noneHeldNow')}
      </p>
      <DataTable
        labelledBy="holds-title"
        caption={t('caption')}
        columns={holdColumns(t)}
        rows={data.holds}
        isPending={false}
        emptyText=""
        getRowKey={(row) => row.id}
        getRowAttributes={(row) => ({ 'data-testid': 'hold-row', 'data-state': row.state })}
        minWidthClassName="min-w-[36rem]"
        hasSwipeHint
      />
      {data.review_requested_at ? (
        <p role="status" data-testid="holds-review-requested" className="text-sm text-slate-700">
          {t('requestedOn', { date: formatLongDateTime(data.review_requested_at) })}
        </p>
      ) : null}
      {data.can_request_review ? <AskReviewForm /> : null}
    </div>
  );
}

/**
 * The member's held commissions (issue 27): shown only when `myholds` has any. Why in plain words (the server sends
 * it in the member's language), each hold with its amount, level and from whom, and "Ask for a review".
 */
export function HeldCommissionsCard() {
  const t = useTexts(holdsTexts);
  const { data, error } = useMyHolds();
  const message = error ? failureText(error, { failed: t('failed') }) : null;
  if (message) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
    );
  }
  if (!data || data.holds.length === 0) return null;
  return (
    <TitledCard
      title={<span id="holds-title">{t('title')}</span>}
      icon={ShieldAlert}
      iconClassName="text-amber-700"
      testId="held-commissions"
    >
      <HoldsBody data={data} />
    </TitledCard>
  );
}
