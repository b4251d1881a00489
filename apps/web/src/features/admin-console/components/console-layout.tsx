import { LogOut, ShieldCheck } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { DemoBanner } from '@/components/layouts/demo-banner';
import { PageSpinner } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { signOut } from '@/lib/session';
import { useStaffRole } from '@/lib/staff-role';
import { consoleNavFor, findConsoleNavItem } from '../nav-items';
import { FourEyesNotice } from './four-eyes-notice';
import { ConsoleNotices } from './console-notices';

const NAV_LINK =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * The operator console's own shell (not the member sidebar): a top bar, its navigation (a side column on a laptop,
 * a scrolling row of tabs on a phone) and the page.
 */
export function ConsoleLayout({ username, children }: { username: string; children: ReactNode }) {
  const { isOperator } = useStaffRole();
  const { pathname } = useLocation();
  const current = findConsoleNavItem(pathname);
  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#console-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-slate-900 px-3 text-white sm:px-5">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent-400" />
        <p className="flex-1 truncate text-base font-semibold">
          Tuzo operator <span className="hidden font-normal text-slate-300 sm:inline">· {username}</span>
        </p>
        <button
          type="button"
          onClick={() => signOut()}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-slate-200 hover:bg-slate-800"
        >
          <LogOut aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Logout</span>
          <span className="sr-only sm:hidden">Logout</span>
        </button>
      </header>
      <DemoBanner />
      {/* The shared notices area of every console page (decision 047): each notice comes from `adminnotices`. */}
      <ConsoleNotices />
      <FourEyesNotice />
      <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
        <nav
          aria-label="Operator console"
          className="border-b border-slate-200 bg-white md:min-h-[calc(100dvh-3.5rem)] md:w-52 md:shrink-0 md:border-r md:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col">
            {consoleNavFor(isOperator).map((item) => {
              const isActive = item === current;
              return (
                <li key={item.url}>
                  <Link
                    to={item.url}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(NAV_LINK, isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
                  >
                    <item.icon aria-hidden="true" />
                    {item.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="console-main" className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}
