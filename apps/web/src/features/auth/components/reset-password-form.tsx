import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema } from '@tuzo/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { resetPassword } from '../api/forgot-password';
import { authTexts } from '../texts';

/** The new-password half of the change-password rules (current password is not asked here). */
const ResetFormSchema = z
  .object({ newpassword: ChangePasswordFormSchema.shape.newpassword, repassword: z.string() })
  .refine((value) => value.newpassword === value.repassword, { message: "Passwords don't match", path: ['repassword'] });
type ResetValues = z.infer<typeof ResetFormSchema>;

/** Sets a new password with the token from the emailed link, then points to /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTexts(authTexts);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<ResetValues>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { newpassword: '', repassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const envelope = await resetPassword({ token, ...values });
      setResult({ ok: true, text: envelope.msg || t('resetDone') });
    } catch (error) {
      const text = error instanceof ApiError ? error.msg || t('resetInvalid') : errorMessage(error);
      setResult({ ok: false, text });
    }
  });

  if (result?.ok) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{result.text}</Alert>
        <Link to="/login" className={buttonClasses({ size: 'lg' })}>
          {t('goToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('resetForm')}>
      {result ? <Alert tone="error">{result.text}</Alert> : null}
      <Field label={t('newPassword')} htmlFor="reset-new" error={errors.newpassword?.message}>
        <Input
          id="reset-new"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.newpassword ? true : undefined}
          {...form.register('newpassword')}
        />
      </Field>
      <Field label={t('confirmNewPassword')} htmlFor="reset-confirm" error={errors.repassword?.message}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.repassword ? true : undefined}
          {...form.register('repassword')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('setPassword')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('requestNewLink')}
        </Link>
      </p>
    </form>
  );
}
