import { zodResolver } from '@hookform/resolvers/zod';
import { StatementPayloadSchema, type StatementPayload } from '@tuzo/contracts';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText } from '@/lib/api-client';
import { useTexts } from '@/i18n';
import { getStatementCsv, saveFile } from '../api/my-data';
import { myDataTexts } from '../texts';

/**
 * The server counts days in the operator's time zone (`TUZO_TIMEZONE`, Kenya by default; the statement page prints
 * the zone it used), so the default range is this month up to today there, not in the browser's zone: a phone set to
 * another zone would otherwise leave out the movements of the hours where the two days differ.
 */
const OPERATOR_TIME_ZONE = 'Africa/Nairobi';

/** Today and the first day of this month in the operator's time zone (YYYY-MM-DD). */
function thisMonth(): StatementPayload {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: OPERATOR_TIME_ZONE });
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A statement for a range of days: opened as the printable /statement page, or downloaded as CSV. */
export function StatementCard() {
  const t = useTexts(myDataTexts);
  const navigate = useNavigate();
  const form = useForm<StatementPayload>({ resolver: zodResolver(StatementPayloadSchema), defaultValues: thisMonth() });
  const { errors, isSubmitting } = form.formState;
  const view = form.handleSubmit((range) => void navigate(`/statement?${new URLSearchParams(range).toString()}`));
  const downloadCsv = form.handleSubmit(async (range) => {
    try {
      saveFile(await getStatementCsv(range));
    } catch (error) {
      const message = failureText(error, { failed: t('statementFailed'), thrown: errorMessage(error, t('statementFailed')) });
      if (message) toast.error(message, { id: `error:${message}` });
    }
  });
  return (
    <TitledCard title={t('statementTitle')} description={t('statementBody')}>
      <form onSubmit={view} noValidate className="flex flex-col gap-3" aria-label={t('statementTitle')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(['from', 'to'] as const).map((name) => (
            <Field key={name} label={t(name)} htmlFor={`statement-${name}`} error={errors[name]?.message}>
              <Input
                id={`statement-${name}`}
                type="date"
                {...invalidProps(`statement-${name}`, errors[name]?.message)}
                {...form.register(name)}
              />
            </Field>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('viewStatement')}</Button>
          <Button variant="outline" disabled={isSubmitting} onClick={() => void downloadCsv()}>
            {t('statementCsv')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
