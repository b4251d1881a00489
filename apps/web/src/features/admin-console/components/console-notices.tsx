import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useUserData } from '@/lib/session';
import { useConsoleNotices } from '../api/get-console-notices';

/**
 * The console's shared notices area, above every console page (decision 047): each notice the server lists
 * (`adminnotices`), e.g. a payout balance below its alert, for as long as it holds. Nothing shows when there is none,
 * or while the list cannot be read (the page itself still works).
 */
export function ConsoleNotices() {
  const user = useUserData();
  const { data } = useConsoleNotices(user.data?.userdetails.is_totp_enrolled === true);
  const notices = data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <ul aria-label="Console notices" data-testid="console-notices" className="flex flex-col gap-2 px-3 pt-3 sm:px-5">
      {notices.map((notice) => (
        <li
          key={`${notice.kind}:${notice.text}`}
          role="alert"
          className={cn(
            'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
            notice.severity === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900',
          )}
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">
            {notice.text}
            {notice.link ? (
              <>
                {' '}
                <Link to={notice.link} className="font-semibold underline underline-offset-2">
                  Open
                </Link>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
