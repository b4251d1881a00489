import { SetUssdPinPayloadSchema, type ActionPayload, type UserData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { translate } from '@/i18n';
import { callAction } from '@/lib/api-client';
import { refreshUserData, userDataQueryKey } from '@/lib/session';
import { ussdPinTexts } from '../ussd-pin.texts';

export type SetUssdPinValues = ActionPayload<'setussdpin'>;

/**
 * The form's schema: the contract's (`SetUssdPinPayloadSchema`: two 4-digit PINs and the password), with this card's
 * words for an empty password and the check that the two PINs are the same.
 */
export function ussdPinFormSchema() {
  const text = (key: keyof typeof ussdPinTexts.en) => translate(ussdPinTexts, key);
  return SetUssdPinPayloadSchema.extend({ password: z.string().min(1, text('passwordRequired')).max(200) }).refine(
    (value) => value.pin === value.pin_confirmation,
    { message: text('pinMismatch'), path: ['pin_confirmation'] },
  );
}

/** The profile shows the new state at once, then reads it back from the server. */
function useUssdStateUpdate() {
  const client = useQueryClient();
  return (state: { ussd_pin_set?: boolean; ussd_locked?: boolean }) => {
    client.setQueryData<UserData>(userDataQueryKey, (user) =>
      user ? { ...user, userdetails: { ...user.userdetails, ...state } } : user,
    );
    void refreshUserData();
  };
}

/** POST setussdpin {pin, pin_confirmation, password}: sets or changes the 4-digit PIN USSD withdrawals ask for. */
export function useSetUssdPin() {
  const update = useUssdStateUpdate();
  return useMutation({
    mutationFn: (payload: SetUssdPinValues) => callAction('setussdpin', { payload }),
    onSuccess: () => update({ ussd_pin_set: true }),
  });
}

/** POST unlockussd {password}: lifts the lock three wrong PINs put on USSD withdrawals. */
export function useUnlockUssd() {
  const update = useUssdStateUpdate();
  return useMutation({
    mutationFn: (payload: ActionPayload<'unlockussd'>) => callAction('unlockussd', { payload }),
    onSuccess: () => update({ ussd_locked: false }),
  });
}
