import {
  AdminBroadcastPayloadSchema,
  BROADCAST_TARGETS,
  type AdminBroadcastPayload,
  type BroadcastTarget,
} from '@tuzo/contracts';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';
import { CHECK_ON_SUBMIT, contractResolver, errorTexts } from '@/lib/form';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useBroadcast } from '../api/broadcast';

/** The fields; the target is chosen by the radio buttons, and only the shown target's field is sent. */
interface NotifyFields {
  username: string;
  country_id: string;
  msg: string;
  severity: string;
  sms: boolean;
  /** The SMS in Swahili: shown, and required, only when "Also send by SMS" is ticked. */
  msg_sw: string;
}
type Errors = Partial<Record<keyof NotifyFields, string>>;
type NotifyFormApi = UseFormReturn<NotifyFields, unknown, AdminBroadcastPayload>;
const EMPTY: NotifyFields = { username: '', country_id: '', msg: '', severity: 'info', sms: false, msg_sw: '' };
const TARGET_LABELS: Record<BroadcastTarget, string> = { member: 'One member', country: 'A country', everyone: 'Everyone' };

/** Notify: a message to one member, every member of a country or everyone; members see it at their next poll. */
export function NotifyForm() {
  const send = useBroadcast();
  const [target, setTarget] = useState<BroadcastTarget>('member');
  const form = useForm<NotifyFields, unknown, AdminBroadcastPayload>({
    ...CHECK_ON_SUBMIT,
    // Like the fields on screen: the member's or the country's field leaves the form when another target is chosen.
    shouldUnregister: true,
    resolver: contractResolver(AdminBroadcastPayloadSchema, { toPayload: (fields) => ({ ...fields, target }) }),
    defaultValues: EMPTY,
  });
  const errors: Errors = errorTexts(form.formState.errors);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const onSubmit = form.handleSubmit(async (payload) => {
    if (target === 'everyone' && !window.confirm('Send this notification to every member?')) return;
    try {
      const result = await send.mutateAsync(payload);
      toast.success(result.msg);
      form.reset(EMPTY);
    } catch (error) {
      if (isApiError(error, 'NOT_FOUND')) form.setError(target === 'member' ? 'username' : 'country_id', { message: error.msg });
      else if (isApiError(error, 'VALIDATION_FAILED'))
        form.setError(/Swahili/.test(error.msg) ? 'msg_sw' : 'msg', { message: error.msg });
      else
        showErrorToast(
          failureText(error, { failed: 'The notification was not sent', thrown: errorMessage(error) }) ??
            'The notification was not sent',
        );
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Send a notification" className="grid max-w-2xl gap-3">
      <TargetChoice target={target} onChange={setTarget} />
      <TargetField target={target} form={form} errors={errors} id={id} />
      <MessageBox name="msg" label="Message" maxLength={500} form={form} errors={errors} id={id} />
      <Field label="Kind" htmlFor={id('severity')}>
        <Select id={id('severity')} {...form.register('severity')}>
          <option value="info">Information</option>
          <option value="success">Good news</option>
          <option value="warning">Warning</option>
          <option value="error">Problem</option>
        </Select>
      </Field>
      <SmsTick form={form} id={id} />
      {form.watch('sms') ? (
        <MessageBox name="msg_sw" label="SMS in Swahili" maxLength={160} form={form} errors={errors} id={id} />
      ) : null}
      <div>
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send notification'}
        </Button>
      </div>
    </form>
  );
}

/** Who the notification goes to: one member, a country or everyone. */
function TargetChoice({ target, onChange }: { target: BroadcastTarget; onChange: (target: BroadcastTarget) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-4">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Send to</legend>
      {BROADCAST_TARGETS.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="target-choice"
            value={value}
            checked={target === value}
            onChange={() => onChange(value)}
            className="size-4"
          />
          {TARGET_LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen target's field: the member's username or the country (nothing for everyone). */
function TargetField({
  target,
  form,
  errors,
  id,
}: {
  target: BroadcastTarget;
  form: NotifyFormApi;
  errors: Errors;
  id: (name: string) => string;
}) {
  const countries = useCountryOptions();
  return (
    <>
      {target === 'member' ? (
        <Field label="Member username" htmlFor={id('username')} error={errors.username}>
          <Input
            id={id('username')}
            autoComplete="off"
            autoCapitalize="none"
            {...invalidProps(id('username'), errors.username)}
            {...form.register('username')}
          />
        </Field>
      ) : null}
      {target === 'country' ? (
        <Field label="Country" htmlFor={id('country')} error={errors.country_id}>
          <Select id={id('country')} {...invalidProps(id('country'), errors.country_id)} {...form.register('country_id')}>
            <option value="">Choose a country</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
    </>
  );
}

/** "Also send by SMS", with what that means for members. */
function SmsTick({ form, id }: { form: NotifyFormApi; id: (name: string) => string }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id('sms')}
        type="checkbox"
        className="mt-0.5 size-4"
        aria-describedby={id('sms-hint')}
        {...form.register('sms')}
      />
      <div>
        <label htmlFor={id('sms')} className="text-sm font-medium text-slate-800">
          Also send by SMS
        </label>
        <p id={id('sms-hint')} className="text-xs text-slate-600">
          As a promotional SMS: only to members who turned promotional SMS on, in their language (the message above in English,
          the Swahili text below) with how to opt out, held until the sending hours (08:00-18:00 by default). One SMS of 160 plain
          characters with the opt-out instruction. Never about spins, betting or other gambling.
        </p>
      </div>
    </div>
  );
}

/** A message's text box: the notification (and the English SMS), or the SMS in Swahili (decision 057). */
function MessageBox({
  name,
  label,
  maxLength,
  form,
  errors,
  id,
}: {
  name: 'msg' | 'msg_sw';
  label: string;
  maxLength: number;
  form: NotifyFormApi;
  errors: Errors;
  id: (name: string) => string;
}) {
  return (
    <Field label={label} htmlFor={id(name)} error={errors[name]}>
      <textarea
        id={id(name)}
        rows={name === 'msg' ? 3 : 2}
        maxLength={maxLength}
        lang={name === 'msg' ? 'en' : 'sw'}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        {...invalidProps(id(name), errors[name])}
        {...form.register(name)}
      />
    </Field>
  );
}
