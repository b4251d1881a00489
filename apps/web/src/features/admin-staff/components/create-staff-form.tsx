import { zodResolver } from '@hookform/resolvers/zod';
import { AdminStaffCreatePayloadSchema, type AdminStaffCreatePayload } from '@tuzo/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { CHECK_ON_SUBMIT, errorTexts } from '@/lib/form';
import { useCreateStaff } from '../api/staff';

const EMPTY: AdminStaffCreatePayload = { username: '', email: '', role: 'support' };

/**
 * Asks for a support or operator account (decision 044): a second operator approves it on the Approvals page; then
 * the operator who asked (or the approver) hands the new staff member a one-time link with which they set their own
 * password, and they enrol their authenticator at their first sign-in. Nobody else ever knows either.
 */
export function CreateStaffForm() {
  const create = useCreateStaff();
  const form = useForm<AdminStaffCreatePayload>({
    ...CHECK_ON_SUBMIT,
    resolver: zodResolver(AdminStaffCreatePayloadSchema),
    defaultValues: EMPTY,
  });
  const errors: Partial<Record<keyof AdminStaffCreatePayload, string>> = errorTexts(form.formState.errors);
  const ids = { username: useId(), email: useId(), role: useId() };
  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      const { request } = await create.mutateAsync(payload);
      toast.success(
        `Sent for approval: request #${request.approval_id}. Once a second operator approves it, hand ${payload.username} the enrolment link from the Staff list.`,
      );
      form.reset(EMPTY);
    } catch (error) {
      if (isApiError(error, 'CONFLICT')) form.setError('username', { message: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The request could not be sent', thrown: errorMessage(error) }) ??
            'The request could not be sent',
        );
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Create staff account"
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Username" htmlFor={ids.username} error={errors.username}>
        <Input
          id={ids.username}
          autoComplete="off"
          autoCapitalize="none"
          {...invalidProps(ids.username, errors.username)}
          {...form.register('username')}
        />
      </Field>
      <Field label="Email" htmlFor={ids.email} error={errors.email}>
        <Input
          id={ids.email}
          type="email"
          autoComplete="off"
          {...invalidProps(ids.email, errors.email)}
          {...form.register('email')}
        />
      </Field>
      <Field label="Role" htmlFor={ids.role} error={errors.role}>
        <select
          id={ids.role}
          {...form.register('role')}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="support">Support: queues, codes, notifications</option>
          <option value="operator">Operator: everything</option>
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending...' : 'Ask for the account'}
        </Button>
      </div>
    </form>
  );
}
