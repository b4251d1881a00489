import { shellTexts, type ShellTextKey } from './shell.texts';

export type NavIconName =
  | 'dashboard'
  | 'share'
  | 'tasks'
  | 'whatsapp'
  | 'deposit'
  | 'payForClient'
  | 'withdraw'
  | 'withdrawalHistory'
  | 'welcomeBonus'
  | 'dailyBonuses'
  | 'adsPromotion'
  | 'trivia'
  | 'tiktok'
  | 'youtube'
  | 'spin'
  | 'forex'
  | 'crypto'
  | 'myTeam'
  | 'profile';

export interface NavSubItem {
  title: string;
  url: string;
  isCompleted: boolean;
}

/** A sidebar entry (spec part 1, section 2): title, url, isCompleted and optional sub-items. */
export interface NavItem {
  title: string;
  url: string;
  /** The icon's name: the sidebar draws it (nav-icons.ts), so the header's titles load no icons. */
  icon: NavIconName;
  /** True when the screen behind it is built; false while it shows "Coming soon". */
  isCompleted: boolean;
  /** Opens outside the app in a new tab (the WhatsApp group link). */
  isExternal?: boolean;
  items?: NavSubItem[];
}

export interface NavGroup {
  /** Stable across languages (element ids). */
  id: string;
  title: string;
  items: NavItem[];
}

/** The titles in the language shown (the sidebar and header pass `useTexts(shellTexts)`); English by default. */
export type NavTitle = (key: ShellTextKey) => string;
const ENGLISH: NavTitle = (key) => shellTexts.en[key];

/** The sidebar groups of spec part 1, section 2. `grouplink` is the member's WhatsApp group link. */
export function buildNavGroups(grouplink: string | null | undefined, t: NavTitle = ENGLISH): NavGroup[] {
  return [
    {
      id: 'main',
      title: t('groupMain'),
      items: [
        { title: t('dashboard'), url: '/dashboard', icon: 'dashboard', isCompleted: true },
        { title: t('share'), url: '/share', icon: 'share', isCompleted: true },
        { title: t('tasks'), url: '/tasks', icon: 'tasks', isCompleted: false },
        { title: t('whatsapp'), url: grouplink || '#', icon: 'whatsapp', isCompleted: true, isExternal: true },
      ],
    },
    {
      id: 'accounts',
      title: t('groupAccounts'),
      items: [
        { title: t('deposit'), url: '/deposit', icon: 'deposit', isCompleted: true },
        { title: t('payForClient'), url: '/pay-for-client', icon: 'payForClient', isCompleted: true },
        { title: t('withdraw'), url: '/withdraw', icon: 'withdraw', isCompleted: true },
        { title: t('withdrawalHistory'), url: '/withdrawal-history', icon: 'withdrawalHistory', isCompleted: true },
      ],
    },
    {
      id: 'products',
      title: t('groupProducts'),
      items: [
        { title: t('welcomeBonus'), url: '/welcome-bonus', icon: 'welcomeBonus', isCompleted: true },
        { title: t('dailyBonuses'), url: '/daily-bonuses', icon: 'dailyBonuses', isCompleted: true },
        { title: t('adsPromotion'), url: '/ads-promotion', icon: 'adsPromotion', isCompleted: false },
        { title: t('trivia'), url: '/trivia', icon: 'trivia', isCompleted: false },
        { title: t('tiktok'), url: '/tiktok', icon: 'tiktok', isCompleted: false },
        { title: t('youtube'), url: '/youtube', icon: 'youtube', isCompleted: false },
        {
          title: t('spin'),
          url: '/spin',
          icon: 'spin',
          isCompleted: true,
          items: [
            { title: t('freeSpin'), url: '/spin/free', isCompleted: true },
            { title: t('casinoSpin'), url: '/spin/casino', isCompleted: true },
          ],
        },
        { title: t('forex'), url: '/forex', icon: 'forex', isCompleted: false },
        { title: t('crypto'), url: '/crypto', icon: 'crypto', isCompleted: false },
        {
          title: t('myTeam'),
          url: '/my-team',
          icon: 'myTeam',
          isCompleted: true,
          items: [
            { title: t('level1'), url: '/my-team/level-1', isCompleted: true },
            { title: t('level2'), url: '/my-team/level-2', isCompleted: true },
            { title: t('level3'), url: '/my-team/level-3', isCompleted: true },
          ],
        },
      ],
    },
    {
      id: 'settings',
      title: t('groupSettings'),
      items: [{ title: t('profile'), url: '/user-profile', icon: 'profile', isCompleted: true }],
    },
  ];
}

/** Page titles for the header, by path (sub-items included). */
export function findNavTitle(pathname: string, t: NavTitle = ENGLISH): string | null {
  for (const group of buildNavGroups(null, t)) {
    for (const item of group.items) {
      const sub = item.items?.find((child) => child.url === pathname);
      if (sub) return `${item.title}: ${sub.title}`;
      if (!item.isExternal && item.url === pathname) return item.title;
    }
  }
  return null;
}
