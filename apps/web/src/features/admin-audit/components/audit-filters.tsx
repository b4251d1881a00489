import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit';

/**
 * The filter form: applied on submit, so typing a username does not fire a request per key. Nothing is refused
 * here (the date inputs only take dates); the server checks the filters with the audit payload's schema.
 */
export function AuditFiltersForm({
  value,
  actions,
  onApply,
}: {
  value: AuditFilters;
  actions: string[];
  onApply: (next: AuditFilters) => void;
}) {
  const ids = { staff: useId(), action: useId(), member: useId(), from: useId(), to: useId() };
  // `values`: the form starts again from the applied filters when they change ("Clear" empties it).
  const form = useForm<AuditFilters>({ values: value });
  const onSubmit = form.handleSubmit((typed) =>
    onApply({
      staff: typed.staff.trim(),
      auditAction: typed.auditAction.trim(),
      member: typed.member.trim(),
      from: typed.from.trim(),
      to: typed.to.trim(),
    }),
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Audit filters"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      <Field label="Staff member" htmlFor={ids.staff}>
        <Input id={ids.staff} {...form.register('staff')} autoCapitalize="none" placeholder="username" />
      </Field>
      <Field label="Action" htmlFor={ids.action}>
        <select
          id={ids.action}
          {...form.register('auditAction')}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Member" htmlFor={ids.member}>
        <Input id={ids.member} {...form.register('member')} autoCapitalize="none" placeholder="username" />
      </Field>
      <Field label="From" htmlFor={ids.from}>
        <Input id={ids.from} type="date" {...form.register('from')} />
      </Field>
      <Field label="To" htmlFor={ids.to}>
        <Input id={ids.to} type="date" {...form.register('to')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit">Filter</Button>
        <Button variant="outline" onClick={() => onApply(NO_AUDIT_FILTERS)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
