import { AdminBroadcastPayloadSchema, BROADCAST_TARGETS, type BroadcastTarget } from '@tuzo/contracts';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { useCountryOptions } from '../api/get-countries';
import { useBroadcast } from '../api/broadcast';

type Errors = Partial<Record<'username' | 'country_id' | 'msg', string>>;
const TARGET_LABELS: Record<BroadcastTarget, string> = { member: 'One member', country: 'A country', everyone: 'Everyone' };

/** Notify: a message to one member, every member of a country or everyone; members see it at their next poll. */
export function NotifyForm() {
  const send = useBroadcast();
  const countries = useCountryOptions();
  const [target, setTarget] = useState<BroadcastTarget>('member');
  const [errors, setErrors] = useState<Errors>({});
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = AdminBroadcastPayloadSchema.safeParse({ ...values, target });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    if (target === 'everyone' && !window.confirm('Send this notification to every member?')) return;
    setErrors({});
    try {
      const result = await send.mutateAsync(parsed.data);
      toast.success(result.msg);
      form.reset();
    } catch (error) {
      if (isApiError(error, 'NOT_FOUND')) setErrors(target === 'member' ? { username: error.msg } : { country_id: error.msg });
      else if (isApiError(error, 'VALIDATION_FAILED')) setErrors({ msg: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The notification was not sent', thrown: errorMessage(error) }) ??
            'The notification was not sent',
        );
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Send a notification" className="grid max-w-2xl gap-3">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Send to</legend>
        {BROADCAST_TARGETS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="target-choice"
              value={value}
              checked={target === value}
              onChange={() => setTarget(value)}
              className="size-4"
            />
            {TARGET_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {target === 'member' ? (
        <Field label="Member username" htmlFor={id('username')} error={errors.username}>
          <Input
            id={id('username')}
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            {...invalidProps(id('username'), errors.username)}
          />
        </Field>
      ) : null}
      {target === 'country' ? (
        <Field label="Country" htmlFor={id('country')} error={errors.country_id}>
          <Select id={id('country')} name="country_id" defaultValue="" {...invalidProps(id('country'), errors.country_id)}>
            <option value="">Choose a country</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label="Message" htmlFor={id('msg')} error={errors.msg}>
        <textarea
          id={id('msg')}
          name="msg"
          rows={3}
          maxLength={500}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          {...invalidProps(id('msg'), errors.msg)}
        />
      </Field>
      <Field label="Kind" htmlFor={id('severity')}>
        <Select id={id('severity')} name="severity" defaultValue="info">
          <option value="info">Information</option>
          <option value="success">Good news</option>
          <option value="warning">Warning</option>
          <option value="error">Problem</option>
        </Select>
      </Field>
      <div>
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send notification'}
        </Button>
      </div>
    </form>
  );
}
