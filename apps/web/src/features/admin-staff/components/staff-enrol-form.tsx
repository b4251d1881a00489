import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_PASSWORD_MESSAGE, STAFF_PASSWORD_MIN } from '@tuzo/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText } from '@/lib/api-client';
import { useEnrolment, useEnrolStaff } from '../api/staff-enrol';

const EnrolFormSchema = z
  .object({
    password: z.string().min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_MESSAGE).max(200),
    repeat: z.string(),
  })
  .refine((value) => value.password === value.repeat, { message: "Passwords don't match", path: ['repeat'] });
type EnrolValues = z.infer<typeof EnrolFormSchema>;

/**
 * /staff-enrol?token=...: a new staff member sets their own password with the one-time link an operator handed them
 * (decision 044); then they sign in and scan their authenticator's QR code. Nobody else chooses or sees either.
 */
export function StaffEnrolForm({ token }: { token: string }) {
  const enrolment = useEnrolment(token);
  const enrol = useEnrolStaff();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<EnrolValues>({ resolver: zodResolver(EnrolFormSchema), defaultValues: { password: '', repeat: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      setDone(await enrol.mutateAsync({ token, password }));
    } catch (error) {
      form.setError('root', {
        message: failureText(error, { failed: 'The link did not work', thrown: errorMessage(error) }) ?? '',
      });
    }
  });
  if (enrolment.error)
    return (
      <Alert tone="error">
        {failureText(enrolment.error, { failed: 'This enrolment link is invalid', thrown: errorMessage(enrolment.error) })}
      </Alert>
    );
  if (done)
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{done}</Alert>
        <Link to="/login" className={buttonClasses({ size: 'lg' })}>
          Sign in
        </Link>
      </div>
    );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Set your staff password"
    >
      {enrolment.data ? (
        <p className="text-sm text-slate-700">
          Staff account <strong data-testid="enrol-username">{enrolment.data.username}</strong> ({enrolment.data.role}). Choose
          your password: nobody else knows it. At your first sign-in you scan a QR code with your authenticator app.
        </p>
      ) : null}
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <Field label="New password" htmlFor="enrol-password" error={errors.password?.message}>
        <Input
          id="enrol-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
      </Field>
      <Field label="Repeat the password" htmlFor="enrol-repeat" error={errors.repeat?.message}>
        <Input
          id="enrol-repeat"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.repeat ? true : undefined}
          {...form.register('repeat')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting || !enrolment.data}>
        {isSubmitting ? 'Saving...' : 'Set my password'}
      </Button>
    </form>
  );
}
