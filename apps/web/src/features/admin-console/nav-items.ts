import {
  Banknote,
  Cog,
  HandCoins,
  LayoutDashboard,
  FileText,
  KeyRound,
  ScrollText,
  Network,
  Settings,
  ShieldCheck,
  UserCog,
  UserX,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** One entry of the operator console's own navigation. */
export interface ConsoleNavItem {
  title: string;
  /** Absolute path under /admin. */
  url: string;
  icon: LucideIcon;
  /** Also active on these paths (the console's home /admin opens the money desk). */
  alsoActiveOn?: readonly string[];
  /** Only operators use this page (the server refuses support there), so support staff are not shown the entry. */
  isOperatorOnly?: boolean;
}

/**
 * The console's navigation, in order. Other console features append their entry here (staff, audit log, settings);
 * the layout renders whatever this list holds.
 */
export const CONSOLE_NAV: ConsoleNavItem[] = [
  { title: 'Overview', url: '/admin/overview', icon: LayoutDashboard },
  { title: 'Members', url: '/admin/members', icon: Users },
  { title: 'Money', url: '/admin/money', icon: Banknote, alsoActiveOn: ['/admin'] },
  { title: 'Payouts', url: '/admin/payouts', icon: HandCoins },
  { title: 'Approvals', url: '/admin/approvals', icon: ShieldCheck, isOperatorOnly: true },
  { title: 'Content', url: '/admin/content', icon: FileText },
  { title: 'Closures', url: '/admin/closures', icon: UserX },
  { title: 'Clusters', url: '/admin/clusters', icon: Network },
  { title: 'Staff', url: '/admin/staff', icon: UserCog, isOperatorOnly: true },
  { title: 'Audit log', url: '/admin/audit', icon: ScrollText, isOperatorOnly: true },
  { title: 'Jobs', url: '/admin/jobs', icon: Cog, isOperatorOnly: true },
  { title: 'Security', url: '/admin/security', icon: KeyRound },
  { title: 'Settings', url: '/admin/settings', icon: Settings },
];

/** The entries a staff account may use: support staff do not see the operator-only pages. */
export function consoleNavFor(isOperator: boolean): ConsoleNavItem[] {
  return isOperator ? CONSOLE_NAV : CONSOLE_NAV.filter((item) => !item.isOperatorOnly);
}

/** The entry the current path belongs to (the longest matching prefix), for the active state and the page title. */
export function findConsoleNavItem(pathname: string): ConsoleNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: ConsoleNavItem | undefined;
  for (const item of CONSOLE_NAV) {
    const isMatch = path === item.url || path.startsWith(`${item.url}/`) || (item.alsoActiveOn ?? []).includes(path);
    if (isMatch && (!best || item.url.length > best.url.length)) best = item;
  }
  return best;
}
