import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, isApiError } from '@/lib/api-client';
import { signIn, staffHome } from '@/lib/session';
import { staffRoleOf } from '@/lib/staff-role';
import { login } from '../api/login';
import { preloadLoginSchema, validateLogin, type LoginErrors } from '../api/login-schema';

const LINK = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

/** The login form; kept free of form and schema libraries so /login stays small on slow phones. */
export function LoginForm() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  // Staff with two-factor sign-in: the server answered TOTP_REQUIRED to the password, so the code field shows.
  const [needsTotp, setNeedsTotp] = useState(false);

  const fail = (message: string) => {
    setFailure(message);
    toast.error(message, { id: `error:${message}` });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFailure(null);
    setSubmitting(true);
    try {
      const totp = String(data.get('totp') ?? '').trim();
      const checked = await validateLogin({
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
        ...(needsTotp && totp !== '' ? { totp } : {}),
      });
      if ('errors' in checked) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      const { data: session } = await login(checked.payload);
      if (session?.access_token) {
        signIn(session);
        // Staff are not members: they land in the console (the enrolment page until two-factor sign-in is on).
        const details = session.user_data.userdetails;
        navigate(staffRoleOf(details).isStaff ? staffHome(details.is_totp_enrolled) : '/', { replace: true });
        return;
      }
      fail('Login failed');
    } catch (error) {
      if (isApiError(error, 'TOTP_REQUIRED')) {
        setNeedsTotp(true);
        setFailure(error.msg || 'Enter the 6-digit code from your authenticator app');
        return;
      }
      // Spec part 1, section 8: a refused login shows the server's msg; a thrown error its own message.
      fail(error instanceof ApiError ? error.msg || 'Login failed' : errorMessage(error, 'Network error'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void preloadLoginSchema().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Login"
    >
      {failure ? (
        <Alert tone="error" data-testid="login-error">
          {failure}
        </Alert>
      ) : null}
      <Field label="Username or email" htmlFor="login-username" error={errors.username}>
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...invalidProps('login-username', errors.username)}
        />
      </Field>
      <Field label="Password" htmlFor="login-password" error={errors.password}>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          {...invalidProps('login-password', errors.password)}
        />
      </Field>
      {needsTotp ? (
        <Field
          label="Authentication code"
          htmlFor="login-totp"
          error={errors.totp}
          hint={
            <p className="mt-1 text-xs text-slate-600">
              The 6-digit code from your authenticator app, or a recovery code (xxxx-xxxx-xxxx-xxxx).
            </p>
          }
        >
          <Input
            id="login-totp"
            name="totp"
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            {...invalidProps('login-totp', errors.totp)}
          />
        </Field>
      ) : null}
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className={LINK}>
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className={LINK}>
          Sign up
        </Link>
      </p>
    </form>
  );
}
