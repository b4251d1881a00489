import { Link2 } from 'lucide-react';
import { CopyLinkCard } from '@/components/ui/copy-link-field';
import { useTexts } from '@/i18n';
import { useAffiliateLink } from '../api/get-affiliate-link';
import { teamTexts } from '../texts';

/** The member's affiliate link, `{public site url}/reg/{username}`, with a copy button (spec: two toasts). */
export function AffiliateLinkCard() {
  const { data: link, isPending, isError } = useAffiliateLink();
  const t = useTexts(teamTexts);
  return (
    <CopyLinkCard
      icon={Link2}
      title={t('affiliateTitle')}
      description={t('affiliateDescription')}
      id="share-affiliate-link"
      label={t('affiliateLabel')}
      link={link ?? null}
      isLoading={isPending}
      placeholder={isError ? t('affiliateUnavailable') : undefined}
      messages={{ copied: t('copied'), failed: t('copyFailed') }}
    />
  );
}
