import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';
import { useTexts } from '@/i18n';
import { dashboardTexts } from '../texts';

/** The member's affiliate link: `${liveSiteUrl}/reg/${uname}` with the app's own origin as the live site url. */
export function buildAffiliateLink(uname: string, liveSiteUrl = window.location.origin): string {
  return `${liveSiteUrl}/reg/${encodeURIComponent(uname)}`;
}

export function AffiliateLinkPanel({ uname }: { uname: string }) {
  const link = buildAffiliateLink(uname);
  const t = useTexts(dashboardTexts);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          {t('affiliateLink')}
        </CardTitle>
        <CardDescription>{t('affiliateHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <CopyLinkField
          id="affiliate-link"
          label={t('yourAffiliateLink')}
          link={link}
          messages={{ copied: t('linkCopied'), failed: t('copyFailed') }}
        />
      </CardContent>
    </Card>
  );
}
