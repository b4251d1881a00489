import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema, type UpdatePasswordPayload } from '@tuzo/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { errorMessage, failureText } from '@/lib/api-client';
import { updatePassword } from '../api/update-password';
import { profileTexts } from '../texts';

const EMPTY: UpdatePasswordPayload = { curpassword: '', newpassword: '', repassword: '' };
const FIELDS = [
  { name: 'curpassword', label: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newpassword', label: 'newPassword', autoComplete: 'new-password' },
  { name: 'repassword', label: 'confirmNewPassword', autoComplete: 'new-password' },
] as const;

/** The Change Password dialog of the profile page (spec part 1, sections 2, 5 and 8). */
export function ChangePasswordDialog() {
  const [isOpen, setOpen] = useState(false);
  const t = useTexts(profileTexts);
  const form = useForm<UpdatePasswordPayload>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updatePassword(values);
      toast.success(t('passwordChanged'));
      form.reset(EMPTY);
      setOpen(false);
    } catch (error) {
      const thrown = errorMessage(error, t('passwordError'));
      const message = failureText(error, { failed: t('passwordFailed'), thrown });
      if (message) toast.error(message, { id: `error:${message}` });
    }
  });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          {t('changePassword')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t('changePassword')}</DialogTitle>
        <DialogDescription>{t('changePasswordHint')}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3" aria-label={t('changePasswordForm')}>
          {FIELDS.map((field) => (
            <Field key={field.name} label={t(field.label)} htmlFor={`pw-${field.name}`} error={errors[field.name]?.message}>
              <Input
                id={`pw-${field.name}`}
                type="password"
                autoComplete={field.autoComplete}
                {...invalidProps(`pw-${field.name}`, errors[field.name]?.message)}
                {...form.register(field.name)}
              />
            </Field>
          ))}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('changing') : t('changePassword')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
