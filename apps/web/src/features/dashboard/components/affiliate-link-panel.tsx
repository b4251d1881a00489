import { Link2 } from 'lucide-react';
import { CopyLinkCard } from '@/components/ui/copy-link-field';
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
    <CopyLinkCard
      icon={Link2}
      title={t('affiliateLink')}
      description={t('affiliateHint')}
      id="affiliate-link"
      label={t('yourAffiliateLink')}
      link={link}
      messages={{ copied: t('linkCopied'), failed: t('copyFailed') }}
    />
  );
}
