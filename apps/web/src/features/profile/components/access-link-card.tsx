import type { AccessLinkData } from '@tuzo/contracts';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';
import { currentLanguage, useTexts } from '@/i18n';
import { failureText } from '@/lib/api-client';
import { requestAccessLink } from '../api/request-access-link';
import { profileTexts } from '../texts';

function timeOf(iso: string): string {
  const locale = currentLanguage() === 'sw' ? 'sw-KE' : 'en-US';
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * "Open Tuzo on another device": the member asks for a single-use access link (/access/<token>) for their own account,
 * valid for 10 minutes, and opens it on the other phone or computer (README, "Access links").
 */
export function AccessLinkCard() {
  const t = useTexts(profileTexts);
  const [issued, setIssued] = useState<AccessLinkData | null>(null);
  const [isPending, setPending] = useState(false);

  const request = async () => {
    setPending(true);
    try {
      const { data, msg } = await requestAccessLink();
      setIssued(data);
      toast.success(msg);
    } catch (error) {
      const message = failureText(error, { failed: t('accessFailed') });
      if (message) toast.error(message, { id: `error:${message}` });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeading icon={MonitorSmartphone} title={t('accessTitle')} description={t('accessHint')} />
      <CardContent className="flex flex-col gap-3">
        {issued ? (
          <>
            <CopyLinkField
              id="profile-access-link"
              label={t('yourAccessLink')}
              link={issued.link}
              testId="access-link"
              messages={{ copied: t('accessCopied'), failed: t('accessCopyFailed') }}
            />
            <p className="text-sm text-slate-600">{t('validUntil', { time: timeOf(issued.expires_at) })}</p>
          </>
        ) : null}
        <div>
          <Button variant="outline" onClick={() => void request()} disabled={isPending}>
            {isPending ? t('creatingLink') : issued ? t('newLink') : t('getLink')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
