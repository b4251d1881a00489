import { LockOpen } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/form-dialog';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { useUnlockUssd } from '../api/ussd-pin';
import { ussdPinTexts } from '../ussd-pin.texts';

/** The Unlock button of a locked USSD PIN card: asks the password, then lifts the lock. */
export function UssdUnlockDialog() {
  const t = useTexts(ussdPinTexts);
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const unlock = useUnlockUssd();
  const id = useId();
  const close = (open: boolean) => {
    setOpen(open);
    if (!open) {
      setPassword('');
      setError(undefined);
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('passwordRequired'));
    unlock.mutate(
      { password },
      {
        onSuccess: () => {
          toast.success(t('unlocked'));
          close(false);
        },
        onError: (failure) => {
          const message = failureText(failure, { failed: t('unlockFailed') });
          if (message) toast.error(message, { id: `error:${message}` });
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <LockOpen aria-hidden="true" />
          {t('unlock')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t('unlockTitle')}</DialogTitle>
        <DialogDescription>{t('unlockHint')}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3" aria-label={t('unlockTitle')}>
          <Field label={t('password')} htmlFor={`${id}-password`} error={error}>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              {...invalidProps(`${id}-password`, error)}
            />
          </Field>
          <DialogActions closeLabel={t('cancel')} isBusy={unlock.isPending}>
            <Button type="submit" disabled={unlock.isPending}>
              {unlock.isPending ? t('unlocking') : t('unlock')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
