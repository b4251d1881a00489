import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { LoginPayload } from '@tuzo/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { ApiError, errorMessage, isApiError } from '@/lib/api-client';
import { signIn, staffHome } from '@/lib/session';
import { staffRoleOf } from '@/lib/staff-role';
import { login } from '../api/login';
import { checkLogin, preloadLoginSchema, type LoginFields } from '../api/login-schema';
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
  return { failure, fail, clearFailure: () => setFailure(null), needsTotp, signInWith };
}

/** The typed fields, read from the form when it is submitted (the inputs keep their own values). */
function readFields(form: HTMLFormElement): LoginFields {
  const data = new FormData(form);
  const read = (name: keyof LoginFields) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { username: read('username'), password: read('password'), totp: read('totp') };
}

/**
 * The login form: two fields (and the code field for staff) checked with the login contract when Login is pressed, as
 * the app's other forms are (decision 030), without a form library: its schema (and zod) is loaded on demand and the
 * form is plain React, so /login stays small on slow phones (decision 058).
 */
export function LoginForm() {
  const t = useAuthTexts();
  const { failure, fail, clearFailure, needsTotp, signInWith } = useLoginSubmit(t);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    // Every press of Login clears the last refusal, also when the fields then fail their check.
    clearFailure();
    setSubmitting(true);
    try {
      const checked = await checkLogin(readFields(event.currentTarget), needsTotp);
      setErrors(checked.errors ?? {});
      if (checked.payload) await signInWith(checked.payload);
    } catch (error) {
      // The schema's chunk did not load (offline): say so as a failed sign-in does.
      setErrors({});
      fail(errorMessage(error, t('networkError')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
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
      <CredentialInputs errors={errors} t={t} needsTotp={needsTotp} />
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

/** One labelled input of the login form, its message linked for screen readers. */
function LoginInput({
  label,
  name,
  error,
  hint,
  ...input
}: {
  label: string;
  name: keyof LoginFields;
  error: string | undefined;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = `login-${name}`;
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} name={name} {...input} {...invalidProps(id, error)} />
    </Field>
  );
}

/** Username (or phone or email), password and, once the server asked for it, the authenticator code. */
function CredentialInputs({
  errors,
  t,
  needsTotp,
}: {
  errors: Record<string, string>;
  t: ReturnType<typeof useAuthTexts>;
  needsTotp: boolean;
}) {
  return (
    <>
      <LoginInput
        label={t('credential')}
        name="username"
        error={errors.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <LoginInput label={t('password')} name="password" error={errors.password} type="password" autoComplete="current-password" />
      {needsTotp ? (
        <LoginInput
          label={t('totpLabel')}
          name="totp"
          error={errors.totp}
          hint={<p className="mt-1 text-xs text-slate-600">{t('totpHint')}</p>}
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : null}
    </>
  );
}
