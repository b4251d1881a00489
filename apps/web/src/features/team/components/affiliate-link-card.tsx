import { TEAM_MESSAGES } from '@tuzo/contracts';
import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';
import { useAffiliateLink } from '../api/get-affiliate-link';

/** The member's affiliate link, `{public site url}/reg/{username}`, with a copy button (spec: two toasts). */
export function AffiliateLinkCard() {
  const { data: link, isPending, isError } = useAffiliateLink();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          Affiliate Link
        </CardTitle>
        <CardDescription>Everyone who joins through your link becomes part of your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <CopyLinkField
          id="share-affiliate-link"
          label="Your affiliate link"
          link={link ?? null}
          isLoading={isPending}
          placeholder={isError ? 'Your link could not be loaded' : undefined}
          messages={{ copied: TEAM_MESSAGES.copied, failed: TEAM_MESSAGES.copyFailed }}
        />
      </CardContent>
    </Card>
  );
}
