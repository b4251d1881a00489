import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Bitcoin,
  CalendarClock,
  CandlestickChart,
  Gift,
  HandCoins,
  History,
  LayoutDashboard,
  Megaphone,
  MessageCircle,
  Music2,
  PartyPopper,
  Settings,
  Share2,
  Sparkles,
  Trophy,
  Users,
  Youtube,
  type LucideIcon,
} from 'lucide-react';

export interface NavSubItem {
  title: string;
  url: string;
  isCompleted: boolean;
}

/** A sidebar entry (spec part 1, section 2): title, url, isCompleted and optional sub-items. */
export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
  /** True when the screen behind it is built; false while it shows "Coming soon". */
  isCompleted: boolean;
  /** Opens outside the app in a new tab (the WhatsApp group link). */
  isExternal?: boolean;
  items?: NavSubItem[];
}

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** The sidebar groups of spec part 1, section 2. `grouplink` is the member's WhatsApp group link. */
export function buildNavGroups(grouplink: string | null | undefined): NavGroup[] {
  return [
    {
      title: 'Main',
      items: [
        { title: 'Dashboard', url: '/dashboard', icon: LayoutDashboard, isCompleted: true },
        { title: 'Share', url: '/share', icon: Share2, isCompleted: true },
        { title: 'Tasks', url: '/tasks', icon: CalendarClock, isCompleted: false },
        { title: 'WhatsApp', url: grouplink || '#', icon: MessageCircle, isCompleted: true, isExternal: true },
      ],
    },
    {
      title: 'Accounts',
      items: [
        { title: 'Deposit', url: '/deposit', icon: ArrowDownToLine, isCompleted: true },
        { title: 'Pay For Client', url: '/pay-for-client', icon: HandCoins, isCompleted: true },
        { title: 'Withdraw', url: '/withdraw', icon: ArrowUpFromLine, isCompleted: true },
        { title: 'Withdrawal History', url: '/withdrawal-history', icon: History, isCompleted: true },
      ],
    },
    {
      title: 'Products',
      items: [
        { title: 'Welcome Bonus', url: '/welcome-bonus', icon: PartyPopper, isCompleted: true },
        { title: 'Daily Bonuses', url: '/daily-bonuses', icon: Gift, isCompleted: true },
        { title: 'Ads Promotion', url: '/ads-promotion', icon: Megaphone, isCompleted: false },
        { title: 'Trivia', url: '/trivia', icon: Trophy, isCompleted: false },
        { title: 'TikTok', url: '/tiktok', icon: Music2, isCompleted: false },
        { title: 'YouTube', url: '/youtube', icon: Youtube, isCompleted: false },
        {
          title: 'Spin',
          url: '/spin',
          icon: Sparkles,
          isCompleted: true,
          items: [
            { title: 'Free Spin', url: '/spin/free', isCompleted: true },
            { title: 'Casino Spin', url: '/spin/casino', isCompleted: true },
          ],
        },
        { title: 'Forex', url: '/forex', icon: CandlestickChart, isCompleted: false },
        { title: 'Crypto', url: '/crypto', icon: Bitcoin, isCompleted: false },
        {
          title: 'My Team',
          url: '/my-team',
          icon: Users,
          isCompleted: true,
          items: [
            { title: 'Level 1', url: '/my-team/level-1', isCompleted: true },
            { title: 'Level 2', url: '/my-team/level-2', isCompleted: true },
            { title: 'Level 3', url: '/my-team/level-3', isCompleted: true },
          ],
        },
      ],
    },
    {
      title: 'Settings',
      items: [{ title: 'Profile', url: '/user-profile', icon: Settings, isCompleted: true }],
    },
  ];
}

/** Page titles for the header, by path (sub-items included). */
export function findNavTitle(pathname: string): string | null {
  for (const group of buildNavGroups(null)) {
    for (const item of group.items) {
      const sub = item.items?.find((child) => child.url === pathname);
      if (sub) return `${item.title}: ${sub.title}`;
      if (!item.isExternal && item.url === pathname) return item.title;
    }
  }
  return null;
}
