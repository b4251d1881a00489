import { ACCESS_REDIRECT_MS, type AccessConfirm } from '@tuzo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { exchangeAccessLink } from '@/features/auth/api/exchange-access-link';
import { authTexts } from '@/features/auth/texts';
import { rich, translate, useTexts } from '@/i18n';
import { errorMessage, failureText, isApiError } from '@/lib/api-client';
import { ACCESS_TOKEN_KEY, USER_KEY } from '@/lib/storage-keys';

type AccessState = { kind: 'waiting' } | { kind: 'asking'; question: AccessConfirm } | { kind: 'failed'; message: string };

function Spinner() {
  return <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />;
}

/**
 * /access/:token (spec part 1): the page always asks "Sign in as <username>?" first (the server answers
 * CONFIRM_SIGN_IN until the person confirms), also when nobody is signed in, so a link someone else planted never
 * signs this browser in unasked (login CSRF, decision 047); with another member signed in it names them too. Once
 * confirmed, "Please wait" while the single-use token is exchanged for a session, saved under access_token; after
 * 1.5 s a full reload to /. Declining spends nothing and leaves the browser as it was. Without a token it goes to /.
 */
/**
 * "Sign in as <username>?": yes spends the link; no goes home as the browser was (signed out, or still the member
 * who is signed in), the link unspent.
 */
function AccessQuestion({ question, onConfirm }: { question: AccessConfirm; onConfirm: () => void }) {
  const t = useTexts(authTexts);
  const other = question.signed_in_as !== null && question.signed_in_as !== question.link_for ? question.signed_in_as : null;
  return (
    <section className="flex max-w-md flex-col items-center gap-4" aria-labelledby="access-question">
      <h1 id="access-question" className="text-2xl font-bold text-slate-900">
        {t('accessConfirmTitle', { name: question.link_for })}
      </h1>
      <p className="text-slate-700">
        {other === null
          ? t('accessConfirmBody')
          : rich(t, 'accessSwitchBody', {
              current: <strong>{other}</strong>,
              other: <strong>{question.link_for}</strong>,
            })}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.replace('/')}>
          {other === null ? t('accessDecline') : t('accessKeep', { name: other })}
        </Button>
        <Button onClick={onConfirm}>{t('accessConfirm', { name: question.link_for })}</Button>
      </div>
    </section>
  );
}

export default function AccessRoute() {
  const { token } = useParams();
  const t = useTexts(authTexts);
  const [state, setState] = useState<AccessState>({ kind: 'waiting' });
  const hasStarted = useRef(false);

  const exchange = useCallback(
    async (isConfirmed: boolean) => {
      if (!token) return;
      setState({ kind: 'waiting' });
      try {
        const { data } = await exchangeAccessLink({ token, ...(isConfirmed ? { confirm: true } : {}) });
        localStorage.setItem(ACCESS_TOKEN_KEY, data.access_token);
        localStorage.setItem(USER_KEY, JSON.stringify(data.user_data));
        window.setTimeout(() => window.location.replace('/'), ACCESS_REDIRECT_MS);
      } catch (error) {
        if (isApiError(error, 'CONFIRM_SIGN_IN')) {
          setState({ kind: 'asking', question: error.data as AccessConfirm });
          return;
        }
        const failed = translate(authTexts, 'accessFailed');
        setState({
          kind: 'failed',
          message: failureText(error, { failed, thrown: errorMessage(error) }) ?? failed,
        });
      }
    },
    [token],
  );

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void exchange(false);
  }, [exchange]);

  if (!token) return <Navigate to="/" replace />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      {state.kind === 'waiting' ? (
        <>
          <Spinner />
          <h1 className="text-2xl font-bold text-slate-900">{t('accessWaitTitle')}</h1>
          <p className="text-slate-600" role="status">
            {t('accessWaitBody')}
          </p>
        </>
      ) : null}
      {state.kind === 'asking' ? <AccessQuestion question={state.question} onConfirm={() => void exchange(true)} /> : null}
      {state.kind === 'failed' ? (
        <section className="flex max-w-md flex-col items-center gap-4" aria-labelledby="access-failed">
          <h1 id="access-failed" className="text-2xl font-bold text-slate-900">
            {t('accessFailedTitle')}
          </h1>
          <p className="text-red-700" role="alert">
            {state.message}
          </p>
          <Link to="/" className="font-medium text-brand-700 underline">
            {t('goToTuzo')}
          </Link>
        </section>
      ) : null}
    </main>
  );
}
