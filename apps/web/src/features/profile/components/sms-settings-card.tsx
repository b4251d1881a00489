import type { SetSmsSettingsPayload } from '@tuzo/contracts';
import { MessageSquareText } from 'lucide-react';
import toast from 'react-hot-toast';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { useSetSmsSettings, useSmsSettings } from '../api/sms-settings';
import { profileTexts } from '../texts';

const CHOICES = [
  { key: 'commission', label: 'smsCommission', hint: 'smsCommissionHint' },
  { key: 'promotions', label: 'smsPromotions', hint: 'smsPromotionsHint' },
] as const satisfies Array<{ key: keyof SetSmsSettingsPayload; label: string; hint: string }>;

/**
 * "SMS messages": the member's two SMS choices, each a switch saved as soon as it changes (docs/sms.md). The money
 * events' own SMS cannot be turned off.
 */
export function SmsSettingsCard() {
  const t = useTexts(profileTexts);
  const settings = useSmsSettings();
  const save = useSetSmsSettings();
  const change = (payload: SetSmsSettingsPayload) =>
    save.mutate(payload, {
      onSuccess: ({ msg }) => toast.success(msg),
      onError: (error) => {
        const message = failureText(error, { failed: t('smsSaveFailed') });
        if (message) toast.error(message, { id: `error:${message}` });
      },
    });
  return (
    <Card>
      <CardHeading icon={MessageSquareText} title={t('smsTitle')} description={t('smsHint')} />
      <CardContent className="flex flex-col gap-3">
        {settings.data ? (
          CHOICES.map((choice) => (
            <label key={choice.key} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={settings.data[choice.key]}
                disabled={save.isPending}
                onChange={(event) => change({ [choice.key]: event.currentTarget.checked })}
              />
              <span>
                <span className="font-medium text-slate-900">{t(choice.label)}</span>
                <span className="block text-slate-600">{t(choice.hint)}</span>
              </span>
            </label>
          ))
        ) : (
          <p className="text-sm text-slate-600">{settings.isError ? t('smsLoadFailed') : t('loading')}</p>
        )}
      </CardContent>
    </Card>
  );
}
