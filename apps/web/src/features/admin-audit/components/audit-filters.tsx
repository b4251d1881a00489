import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit';

/** The filter form: applied on submit, so typing a username does not fire a request per key. */
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    onApply({
      staff: text('staff'),
      auditAction: text('auditAction'),
      member: text('member'),
      from: text('from'),
      to: text('to'),
    });
  };
  return (
    // Keyed by the applied filters so "Clear" resets the uncontrolled inputs.
    <form
      key={JSON.stringify(value)}
      onSubmit={onSubmit}
      aria-label="Audit filters"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      <Field label="Staff member" htmlFor={ids.staff}>
        <Input id={ids.staff} name="staff" defaultValue={value.staff} autoCapitalize="none" placeholder="username" />
      </Field>
      <Field label="Action" htmlFor={ids.action}>
        <select
          id={ids.action}
          name="auditAction"
          defaultValue={value.auditAction}
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
        <Input id={ids.member} name="member" defaultValue={value.member} autoCapitalize="none" placeholder="username" />
      </Field>
      <Field label="From" htmlFor={ids.from}>
        <Input id={ids.from} name="from" type="date" defaultValue={value.from} />
      </Field>
      <Field label="To" htmlFor={ids.to}>
        <Input id={ids.to} name="to" type="date" defaultValue={value.to} />
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
