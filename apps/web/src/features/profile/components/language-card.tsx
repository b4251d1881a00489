import { Languages } from 'lucide-react';
import toast from 'react-hot-toast';
import { LanguageSwitch } from '@/components/language-switch';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { translate, useTexts, type Language } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { useSetLanguage } from '../api/set-language';
import { profileTexts } from '../texts';

/**
 * The member's language, saved on the server as soon as it is switched (decision 038). Signed in, the language shown
 * is the member's stored one (the session applies it), so the switch shows that, or the choice being saved.
 */
export function LanguageCard() {
  const t = useTexts(profileTexts);
  const save = useSetLanguage();
  const change = (next: Language) => {
    if (save.isPending) return;
    save.mutate(
      { language: next },
      {
        // Said in the language just chosen, which the app shows by then.
        onSuccess: () => toast.success(translate(profileTexts, 'languageSaved'), { id: 'language-saved' }),
        onError: (error) => {
          const message = failureText(error, { failed: t('languageFailed') });
          if (message) toast.error(message, { id: `error:${message}` });
        },
      },
    );
  };
  return (
    <Card>
      <CardHeading icon={Languages} title={t('languageTitle')} description={t('languageHint')} />
      <CardContent>
        <LanguageSwitch {...(save.isPending && save.variables ? { value: save.variables.language } : {})} onChange={change} />
      </CardContent>
    </Card>
  );
}
