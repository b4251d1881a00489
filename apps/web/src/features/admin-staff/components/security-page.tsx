import { zodResolver } from '@hookform/resolvers/zod';
import { TotpConfirmPayloadSchema, type TotpConfirmPayload, type TotpSetupData } from '@tuzo/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, isApiError } from '@/lib/api-client';
import { CHECK_ON_SUBMIT } from '@/lib/form';
import { useCurrentUser } from '@/lib/session';
import { useStaffRole } from '@/lib/staff-role';
import { useConfirmTotp, useStartTotpSetup } from '../api/totp-enrolment';
import { QrCode } from './qr-code';

/** The secret in groups of four, easier to type into an authenticator by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in is on</CardTitle>
        <CardDescription>
          Save these recovery codes somewhere safe now: they are shown only once. Each one signs you in once if you lose your
          phone: type it where the login asks for the 6-digit code (the hyphens are optional).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono text-sm min-[420px]:grid-cols-2">
          {codes.map((code) => (
            <li key={code} data-testid="recovery-code" className="rounded bg-slate-100 px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success('Recovery codes copied'))
            }
          >
            Copy codes
          </Button>
          <Link to="/admin" className={buttonClasses()}>
            I saved them: open the console
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function ConfirmStep({ setup, onDone }: { setup: TotpSetupData; onDone: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const form = useForm<TotpConfirmPayload>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(TotpConfirmPayloadSchema),
    defaultValues: { code: '' },
  });
  const error = form.formState.errors.code?.message;
  const codeId = useId();
  // The contract drops spaces ("123 456" reads as typed) and asks for six digits before anything is sent.
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      onDone((await confirm.mutateAsync(code)).recovery_codes);
    } catch (failure) {
      const text = failureText(failure, { failed: 'That code did not work', thrown: errorMessage(failure) });
      if (text) form.setError('code', { message: text });
      else form.clearErrors('code');
    }
  });
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <QrCode value={setup.otpauth_uri} label={`QR code for ${setup.issuer}: ${setup.account}`} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex flex-1 flex-col gap-3"
        aria-label="Confirm authenticator"
      >
        <p className="text-sm text-slate-700">
          Scan the code with an authenticator app (Google Authenticator, Authy, 1Password...), or type this secret:
        </p>
        <p className="font-mono text-sm font-semibold break-all" data-testid="totp-secret" data-secret={setup.secret}>
          {groupSecret(setup.secret)}
        </p>
        <Field label="6-digit code" htmlFor={codeId} error={error}>
          <Input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...invalidProps(codeId, error)}
            {...form.register('code')}
          />
        </Field>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </Button>
      </form>
    </div>
  );
}

/** /admin/security: staff turn on two-factor sign-in (TOTP) before the console works for them. */
export function SecurityPage() {
  const { userdetails } = useCurrentUser();
  const { isStaff } = useStaffRole();
  const start = useStartTotpSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!isStaff) {
    return <Alert tone="info">This page is for staff accounts.</Alert>;
  }
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (userdetails.is_totp_enrolled) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in is on</CardTitle>
          <CardDescription>
            You sign in with your password and a code from your authenticator app. An operator can reset it if you lose your phone
            and your recovery codes.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error, 'CONFLICT')) toast.success('Two-factor sign-in is already on');
      },
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Turn on two-factor sign-in</CardTitle>
        <CardDescription>
          Staff accounts sign in with a password and a code from an authenticator app. The console works once this is on.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {start.error ? (
          <Alert tone="error">
            {failureText(start.error, { failed: 'Could not start the set-up', thrown: errorMessage(start.error) })}
          </Alert>
        ) : null}
        {start.data ? (
          <ConfirmStep setup={start.data} onDone={setRecoveryCodes} />
        ) : (
          <Button onClick={onStart} disabled={start.isPending} className="self-start">
            {start.isPending ? 'Preparing...' : 'Set up authenticator'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
