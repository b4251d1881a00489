import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { TitledCard } from '@/components/ui/card';
import { failureText } from '@/lib/api-client';
import { refreshUserData } from '@/lib/session';
import { useTexts } from '@/i18n';
import { confirmEmail } from '../api/my-data';
import { myDataTexts } from '../texts';

type Outcome = { kind: 'pending' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** /confirm-email?token=: applies an email change from the link mailed to the new address (signed in or not). */
export function ConfirmEmailPage() {
  const t = useTexts(myDataTexts);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const started = useRef(false);
  useEffect(() => {
    // Once per page: the token works once, and React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    confirmEmail(token).then(
      (data) => {
        setOutcome({ kind: 'done', email: data.email });
        void refreshUserData();
      },
      (error: unknown) =>
        setOutcome({
          kind: 'failed',
          message: failureText(error, { failed: t('confirmFailed'), thrown: t('confirmFailed') }) ?? t('confirmFailed'),
        }),
    );
  }, [token, t]);
  return (
    <div className="mx-auto flex min-h-dvh max-w-md items-center px-4">
      <TitledCard title={t('confirmTitle')} className="w-full" contentClassName="flex flex-col gap-3">
        {outcome.kind === 'pending' ? <p role="status">{t('confirming')}</p> : null}
        {outcome.kind === 'done' ? <Alert tone="success">{t('confirmed', { email: outcome.email })}</Alert> : null}
        {outcome.kind === 'failed' ? <Alert tone="error">{outcome.message}</Alert> : null}
        <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
          {t('continue')}
        </Link>
      </TitledCard>
    </div>
  );
}
