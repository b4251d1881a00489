import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { LoginPayload } from '@tuzo/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { ApiError, errorMessage, isApiError } from '@/lib/api-client';
import { CHECK_ON_SUBMIT, errorTexts } from '@/lib/form';
import { signIn, staffHome } from '@/lib/session';
import { staffRoleOf } from '@/lib/staff-role';
import { login } from '../api/login';
import { loginResolver, preloadLoginSchema, type LoginFields } from '../api/login-schema';
import { authTexts } from '../texts';

const LINK = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

/** The login form; its schema (and zod) is loaded on demand so /login stays small on slow phones. */
export function LoginForm() {
  const navigate = useNavigate();
  const t = useTexts(authTexts);
  const [failure, setFailure] = useState<string | null>(null);
  // Staff with two-factor sign-in: the server answered TOTP_REQUIRED to the password, so the code field shows.
  const [needsTotp, setNeedsTotp] = useState(false);
  const form = useForm<LoginFields, unknown, LoginPayload>({
    ...CHECK_ON_SUBMIT,
    resolver: loginResolver(needsTotp),
    defaultValues: { username: '', password: '', totp: '' },
  });
  const { isSubmitting } = form.formState;
  const errors = errorTexts(form.formState.errors);

  const fail = (message: string) => {
    setFailure(message);
    toast.error(message, { id: `error:${message}` });
  };

  const submit = form.handleSubmit(async (payload) => {
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
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Every press of Login clears the last refusal, also when the fields then fail their check.
    setFailure(null);
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
      <Field label={t('credential')} htmlFor="login-username" error={errors.username}>
        <Input
          id="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...invalidProps('login-username', errors.username)}
          {...form.register('username')}
        />
      </Field>
      <Field label={t('password')} htmlFor="login-password" error={errors.password}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...invalidProps('login-password', errors.password)}
          {...form.register('password')}
        />
      </Field>
      {needsTotp ? (
        <Field
          label={t('totpLabel')}
          htmlFor="login-totp"
          error={errors.totp}
          hint={<p className="mt-1 text-xs text-slate-600">{t('totpHint')}</p>}
        >
          <Input
            id="login-totp"
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            {...invalidProps('login-totp', errors.totp)}
            {...form.register('totp')}
          />
        </Field>
      ) : null}
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
