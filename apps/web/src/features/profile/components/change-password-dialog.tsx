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
import { errorMessage, failureText } from '@/lib/api-client';
import { updatePassword } from '../api/update-password';

const EMPTY: UpdatePasswordPayload = { curpassword: '', newpassword: '', repassword: '' };
const FIELDS = [
  { name: 'curpassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newpassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'repassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** The Change Password dialog of the profile page (spec part 1, sections 2, 5 and 8). */
export function ChangePasswordDialog() {
  const [isOpen, setOpen] = useState(false);
  const form = useForm<UpdatePasswordPayload>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updatePassword(values);
      toast.success('Password changed successfully!');
      form.reset(EMPTY);
      setOpen(false);
    } catch (error) {
      const thrown = errorMessage(error, 'An error occurred while changing password');
      const message = failureText(error, { failed: 'Failed to change password', thrown });
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
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Change Password</DialogTitle>
        <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3" aria-label="Change password">
          {FIELDS.map((field) => (
            <Field key={field.name} label={field.label} htmlFor={`pw-${field.name}`} error={errors[field.name]?.message}>
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
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
