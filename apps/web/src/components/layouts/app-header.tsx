import { Bell, Gift, UserRound } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { useTexts } from '@/i18n';
import { useUserData } from '@/lib/session';
import { findNavTitle } from './nav-items';
import { shellTexts } from './shell.texts';

/** Spec part 1, section 9: notification toasts last 3 seconds. */
const BELL_TOAST_MS = 3000;
/** Titles of routes the sidebar does not list. */
const OTHER_TITLES = [
  ['/profile', 'profile'],
  ['/user-profile', 'profile'],
  ['/notifications', 'notifications'],
  ['/my-data', 'myData'],
  ['/statement', 'statement'],
] as const;
const ICON_LINK = 'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&_svg]:size-5';

export function AppHeader() {
  const { pathname } = useLocation();
  const t = useTexts(shellTexts);
  const other = OTHER_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1];
  const title = findNavTitle(pathname, t) ?? t(other ?? 'dashboard');
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-slate-200 bg-white/95 px-2 backdrop-blur sm:px-4">
      <SidebarTrigger />
      <h1 className="ml-1 min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg">{title}</h1>
      <Link to="/daily-bonuses" className={ICON_LINK} aria-label={t('dailyBonusesLink')} title={t('dailyBonusesLink')}>
        <Gift aria-hidden="true" />
      </Link>
      <NotificationBell />
      <Link to="/profile" className={ICON_LINK} aria-label={t('profile')} title={t('profile')}>
        <UserRound aria-hidden="true" />
      </Link>
    </header>
  );
}

/**
 * The bell (spec part 1): with nothing unread it shows the spec's toast "No New Notifications!"; with unread
 * notifications it shows their count (from the user data, capped at 99+) and opens /notifications.
 */
function NotificationBell() {
  const navigate = useNavigate();
  const t = useTexts(shellTexts);
  const unread = useUserData().data?.notifications?.unread ?? 0;
  const countText = unread >= 100 ? '99+' : String(unread);
  return (
    <button
      type="button"
      className={`${ICON_LINK} relative`}
      aria-label={unread > 0 ? t('bellUnread', { count: countText }) : t('notifications')}
      title={t('notifications')}
      data-testid="notification-bell"
      onClick={() => (unread > 0 ? navigate('/notifications') : toast(t('bellEmpty'), { id: 'bell', duration: BELL_TOAST_MS }))}
    >
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
        >
          {countText}
        </span>
      ) : null}
    </button>
  );
}
