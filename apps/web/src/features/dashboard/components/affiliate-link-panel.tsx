import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';

/** The member's affiliate link: `${liveSiteUrl}/reg/${uname}` with the app's own origin as the live site url. */
export function buildAffiliateLink(uname: string, liveSiteUrl = window.location.origin): string {
  return `${liveSiteUrl}/reg/${encodeURIComponent(uname)}`;
}

export function AffiliateLinkPanel({ uname }: { uname: string }) {
  const link = buildAffiliateLink(uname);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          Affiliate Link
        </CardTitle>
        <CardDescription>Share it: everyone who joins through it becomes part of your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <CopyLinkField
          id="affiliate-link"
          label="Your affiliate link"
          link={link}
          messages={{ copied: 'Link copied to clipboard!', failed: 'Failed to copy link!' }}
        />
      </CardContent>
    </Card>
  );
}
