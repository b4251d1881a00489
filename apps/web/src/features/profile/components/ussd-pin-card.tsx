import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDetails } from '@tuzo/contracts';
import { Smartphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { InputField } from '@/components/ui/field';
import { useTexts } from '@/i18n';
import { errorMessage, failureText } from '@/lib/api-client';
import { ussdPinFormSchema, useSetUssdPin, type SetUssdPinValues } from '../api/ussd-pin';
import { ussdPinTexts } from '../ussd-pin.texts';
import { UssdUnlockDialog } from './ussd-unlock-dialog';

const EMPTY: SetUssdPinValues = { pin: '', pin_confirmation: '', password: '' };
/** Digits only, never remembered by the browser: a PIN is not a password to fill in elsewhere. */
const PIN_INPUT = { type: 'password', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 4, autoComplete: 'off' } as const;

/** The profile data's USSD facts; user data kept from before the server had USSD lacks them, and shows no card. */
function ussdStateOf(details: UserDetails): UssdState | null {
  if (typeof details.ussd_pin_set !== 'boolean') return null;
  return { isPinSet: details.ussd_pin_set, isLocked: details.ussd_locked === true };
}

interface UssdState {
  isPinSet: boolean;
  isLocked: boolean;
}

/**
 * "USSD PIN" (issue 26 part 1): sets or changes the 4-digit PIN that confirms a USSD withdrawal, with the account's
 * password; when three wrong PINs locked USSD withdrawals, says so and offers Unlock (the password again).
 */
export function UssdPinCard({ details }: { details: UserDetails }) {
  const state = ussdStateOf(details);
  return state ? <UssdPinForm {...state} /> : null;
}

function UssdPinForm({ isPinSet, isLocked }: UssdState) {
  const t = useTexts(ussdPinTexts);
  // Built on each render, so its messages follow the language shown.
  const form = useForm<SetUssdPinValues>({ resolver: zodResolver(ussdPinFormSchema()), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const save = useSetUssdPin();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('pinSaved'));
      form.reset(EMPTY);
    } catch (error) {
      const message = failureText(error, { failed: t('pinFailed'), thrown: errorMessage(error, t('pinFailed')) });
      if (message) toast.error(message, { id: `error:${message}` });
    }
  });

  return (
    <Card data-testid="ussd-pin-card">
      <CardHeading icon={Smartphone} title={t('title')} description={isPinSet ? t('hintSet') : t('hintNew')} />
      <CardContent className="flex flex-col gap-4">
        {isLocked ? (
          <Alert tone="warning" data-testid="ussd-locked">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('locked')}</span>
              <UssdUnlockDialog />
            </div>
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('title')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField label={t('pin')} id="ussd-pin" error={errors.pin?.message} field={form.register('pin')} {...PIN_INPUT} />
            <InputField
              label={t('pinConfirmation')}
              id="ussd-pin-confirmation"
              error={errors.pin_confirmation?.message}
              field={form.register('pin_confirmation')}
              {...PIN_INPUT}
            />
          </div>
          <InputField
            label={t('password')}
            id="ussd-pin-password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            field={form.register('password')}
          />
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : isPinSet ? t('changePin') : t('setPin')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
