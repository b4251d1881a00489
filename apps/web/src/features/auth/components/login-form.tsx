import { useState, type FormEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { LoginPayload } from '@tuzo/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { useTexts } from '@/i18n';
import { ApiError, errorMessage, isApiError } from '@/lib/api-client';
import { CHECK_ON_SUBMIT, errorTexts } from '@/lib/form';
import { signIn, staffHome } from '@/lib/session';
import { staffRoleOf } from '@/lib/staff-role';
import { login } from '../api/login';
import { loginResolver, preloadLoginSchema, type LoginFields } from '../api/login-schema';
import { authTexts } from '../texts';

const LINK = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

const useAuthTexts = () => useTexts(authTexts);

/**
 * Signs in with the checked fields: a member lands on the dashboard, staff in the console. The server's refusal (or a
 * thrown error's message) is the failure shown; TOTP_REQUIRED asks for the code field.
 */
function useLoginSubmit(t: ReturnType<typeof useAuthTexts>) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // Staff with two-factor sign-in: the server answered TOTP_REQUIRED to the password, so the code field shows.
  const [needsTotp, setNeedsTotp] = useState(false);
  const fail = (message: string) => {
    setFailure(message);
    toast.error(message, { id: `error:${message}` });
  };
  async function signInWith(payload: LoginPayload) {
    try {
      const { data: session } = await login(payload);
      if (session?.access_token) {
        signIn(session);
        // Staff are not members: they land in the console (the enrolment page until two-factor sign-in is on).
        const details = session.user_data.userdetails;
        navigate(staffRoleOf(details).isStaff ? staffHome(details.is_totp_enrolled) : '/', { replace: true });
        return;
      }
      fail(t('loginFailed'));
    } catch (error) {
      if (isApiError(error, 'TOTP_REQUIRED')) {
        setNeedsTotp(true);
        setFailure(error.msg || t('totpNeeded'));
        return;
      }
      // Spec part 1, section 8: a refused login shows the server's msg; a thrown error its own message.
      fail(error instanceof ApiError ? error.msg || t('loginFailed') : errorMessage(error, t('networkError')));
    }
  }
  return { failure, clearFailure: () => setFailure(null), needsTotp, signInWith };
}

/** The login form; its schema (and zod) is loaded on demand so /login stays small on slow phones. */
export function LoginForm() {
  const t = useAuthTexts();
  const { failure, clearFailure, needsTotp, signInWith } = useLoginSubmit(t);
  const form = useForm<LoginFields, unknown, LoginPayload>({
    ...CHECK_ON_SUBMIT,
    resolver: loginResolver(needsTotp),
    defaultValues: { username: '', password: '', totp: '' },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(signInWith);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Every press of Login clears the last refusal, also when the fields then fail their check.
    clearFailure();
    void submit(event);
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void preloadLoginSchema().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('login')}
    >
      {failure ? (
        <Alert tone="error" data-testid="login-error">
          {failure}
        </Alert>
      ) : null}
      <CredentialInputs form={form} t={t} needsTotp={needsTotp} />
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className={LINK}>
          {t('forgotLink')}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('loggingIn') : t('login')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('noAccount')}{' '}
        <Link to="/signup" className={LINK}>
          {t('signUpLink')}
        </Link>
      </p>
    </form>
  );
}

/** Username (or phone or email), password and, once the server asked for it, the authenticator code. */
function CredentialInputs({
  form,
  t,
  needsTotp,
}: {
  form: UseFormReturn<LoginFields, unknown, LoginPayload>;
  t: ReturnType<typeof useAuthTexts>;
  needsTotp: boolean;
}) {
  const errors = errorTexts(form.formState.errors);
  return (
    <>
      <InputField
        label={t('credential')}
        id="login-username"
        error={errors.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        field={form.register('username')}
      />
      <InputField
        label={t('password')}
        id="login-password"
        error={errors.password}
        type="password"
        autoComplete="current-password"
        field={form.register('password')}
      />
      {needsTotp ? (
        <InputField
          label={t('totpLabel')}
          id="login-totp"
          error={errors.totp}
          hint={<p className="mt-1 text-xs text-slate-600">{t('totpHint')}</p>}
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          field={form.register('totp')}
        />
      ) : null}
    </>
  );
}
