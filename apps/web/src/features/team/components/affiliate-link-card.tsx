import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';
import { useTexts } from '@/i18n';
import { useAffiliateLink } from '../api/get-affiliate-link';
import { teamTexts } from '../texts';

/** The member's affiliate link, `{public site url}/reg/{username}`, with a copy button (spec: two toasts). */
export function AffiliateLinkCard() {
  const { data: link, isPending, isError } = useAffiliateLink();
  const t = useTexts(teamTexts);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          {t('affiliateTitle')}
        </CardTitle>
        <CardDescription>{t('affiliateDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <CopyLinkField
          id="share-affiliate-link"
          label={t('affiliateLabel')}
          link={link ?? null}
          isLoading={isPending}
          placeholder={isError ? t('affiliateUnavailable') : undefined}
          messages={{ copied: t('copied'), failed: t('copyFailed') }}
        />
      </CardContent>
    </Card>
  );
}
