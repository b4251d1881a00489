import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordPayloadSchema } from '@tuzo/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { requestPasswordReset } from '../api/forgot-password';
import { authTexts } from '../texts';

/** Asks for a reset link; the server answers with the same generic message whether or not the account exists. */
export function ForgotPasswordForm() {
  const t = useTexts(authTexts);
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<{ username: string }>({
    resolver: zodResolver(ForgotPasswordPayloadSchema),
    defaultValues: { username: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const envelope = await requestPasswordReset(values.username);
      setAnswer({ tone: 'success', text: envelope.msg || t('resetSent') });
    } catch (error) {
      // Only rate limits (RATE_LIMITED) and broken requests fail; an unknown account gets the generic answer too.
      setAnswer({ tone: 'error', text: error instanceof ApiError ? error.msg || t('requestFailed') : errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('forgotForm')}>
      {answer ? <Alert tone={answer.tone}>{answer.text}</Alert> : null}
      <Field label={t('credential')} htmlFor="forgot-username" error={errors.username?.message}>
        <Input
          id="forgot-username"
          autoComplete="username"
          autoCapitalize="none"
          aria-invalid={errors.username ? true : undefined}
          {...form.register('username')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('sending') : t('sendLink')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('remembered')}{' '}
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('backToLogin')}
        </Link>
      </p>
    </form>
  );
}
