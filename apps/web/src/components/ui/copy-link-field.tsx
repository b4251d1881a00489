import { Copy } from 'lucide-react';
import toast from 'react-hot-toast';
import { copyText } from '@/lib/clipboard';
import { useTexts } from '@/i18n';
import { Button } from './button';
import { Card, CardContent, CardHeading, type CardHeadingProps } from './card';
import { copyLinkFieldTexts } from './copy-link-field.texts';
import { Skeleton } from './skeleton';

interface CopyLinkFieldProps {
  id: string;
  /** The field's accessible name (visually hidden). */
  label: string;
  /** The link; null while it loads or when it could not be loaded. */
  link: string | null;
  /** The toasts after a copy, as each screen's spec words them. */
  messages: { copied: string; failed: string };
  isLoading?: boolean;
  placeholder?: string;
  testId?: string;
}

/** A read-only link (selected on focus) beside a "Copy link" button: the affiliate links and the access link. */
export function CopyLinkField({ id, label, link, messages, isLoading = false, placeholder, testId }: CopyLinkFieldProps) {
  const t = useTexts(copyLinkFieldTexts);
  const copy = async () => {
    if (!link) return;
    try {
      await copyText(link);
      toast.success(messages.copied);
    } catch {
      toast.error(messages.failed);
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {isLoading ? (
        <Skeleton className="h-11 w-full sm:flex-1" />
      ) : (
        <input
          id={id}
          data-testid={testId}
          readOnly
          value={link ?? ''}
          placeholder={placeholder}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800 sm:flex-1"
        />
      )}
      <Button onClick={() => void copy()} disabled={!link}>
        <Copy aria-hidden="true" />
        {t('copy')}
      </Button>
    </div>
  );
}

/** A card (icon title, description) whose body is one `CopyLinkField`: the affiliate link on each screen. */
export function CopyLinkCard({
  icon,
  title,
  description,
  ...field
}: CopyLinkFieldProps & Pick<CardHeadingProps, 'icon' | 'title' | 'description'>) {
  return (
    <Card>
      <CardHeading icon={icon} title={title} description={description} />
      <CardContent>
        <CopyLinkField {...field} />
      </CardContent>
    </Card>
  );
}
