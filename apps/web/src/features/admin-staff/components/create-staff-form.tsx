import { AdminStaffCreatePayloadSchema, type AdminStaffCreatePayload } from '@tuzo/contracts';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { useCreateStaff } from '../api/staff';

type Errors = Partial<Record<keyof AdminStaffCreatePayload, string>>;

/** Creates a support or operator account; it turns on two-factor sign-in at its first sign-in. */
export function CreateStaffForm() {
  const create = useCreateStaff();
  const [errors, setErrors] = useState<Errors>({});
  const ids = { username: useId(), email: useId(), password: useId(), role: useId() };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = AdminStaffCreatePayloadSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const row = await create.mutateAsync(parsed.data);
      toast.success(`${row.username} can sign in now (${row.role})`);
      form.reset();
    } catch (error) {
      if (isApiError(error, 'CONFLICT')) setErrors({ username: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The account could not be created', thrown: errorMessage(error) }) ??
            'The account could not be created',
        );
    }
  };
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
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          {...invalidProps(ids.username, errors.username)}
        />
      </Field>
      <Field label="Email" htmlFor={ids.email} error={errors.email}>
        <Input id={ids.email} name="email" type="email" autoComplete="off" {...invalidProps(ids.email, errors.email)} />
      </Field>
      <Field label="Password" htmlFor={ids.password} error={errors.password}>
        <Input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="new-password"
          {...invalidProps(ids.password, errors.password)}
        />
      </Field>
      <Field label="Role" htmlFor={ids.role} error={errors.role}>
        <select
          id={ids.role}
          name="role"
          defaultValue="support"
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="support">Support: queues, codes, notifications</option>
          <option value="operator">Operator: everything</option>
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}
