import { ACCESS_REDIRECT_MS, type SignedInAsOther } from '@tuzo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { exchangeAccessLink } from '@/features/auth/api/exchange-access-link';
import { authTexts } from '@/features/auth/texts';
import { rich, translate, useTexts } from '@/i18n';
import { errorMessage, failureText, isApiError } from '@/lib/api-client';
import { ACCESS_TOKEN_KEY, USER_KEY } from '@/lib/storage-keys';

type AccessState = { kind: 'waiting' } | { kind: 'asking'; question: SignedInAsOther } | { kind: 'failed'; message: string };

function Spinner() {
  return <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />;
}

/**
 * /access/:token (spec part 1): "Please wait" while the single-use link token is exchanged for a session, which is
 * saved under access_token; after 1.5 s a full reload to /. Without a token it goes to /. When this browser holds
 * another member's session the page asks first (keep it, or switch), and the link is spent only on a switch.
 */
export default function AccessRoute() {
  const { token } = useParams();
  const t = useTexts(authTexts);
  const [state, setState] = useState<AccessState>({ kind: 'waiting' });
  const hasStarted = useRef(false);

  const exchange = useCallback(
    async (isSwitch: boolean) => {
      if (!token) return;
      setState({ kind: 'waiting' });
      try {
        const { data } = await exchangeAccessLink({ token, ...(isSwitch ? { switch: true } : {}) });
        localStorage.setItem(ACCESS_TOKEN_KEY, data.access_token);
        localStorage.setItem(USER_KEY, JSON.stringify(data.user_data));
        window.setTimeout(() => window.location.replace('/'), ACCESS_REDIRECT_MS);
      } catch (error) {
        if (isApiError(error, 'SIGNED_IN_AS_OTHER')) {
          setState({ kind: 'asking', question: error.data as SignedInAsOther });
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
      {state.kind === 'asking' ? (
        <section className="flex max-w-md flex-col items-center gap-4" aria-labelledby="access-question">
          <h1 id="access-question" className="text-2xl font-bold text-slate-900">
            {t('accessSwitchTitle')}
          </h1>
          <p className="text-slate-700">
            {rich(t, 'accessSwitchBody', {
              current: <strong>{state.question.signed_in_as}</strong>,
              other: <strong>{state.question.link_for}</strong>,
            })}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="outline" onClick={() => window.location.replace('/')}>
              {t('accessKeep', { name: state.question.signed_in_as })}
            </Button>
            <Button onClick={() => void exchange(true)}>{t('accessSwitch', { name: state.question.link_for })}</Button>
          </div>
        </section>
      ) : null}
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
