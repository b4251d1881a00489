import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SidebarProvider, useSidebar } from '@/components/ui/sidebar';
import { PageSpinner } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { AppHeader } from './app-header';
import { DemoBanner } from './demo-banner';
import { GlobalBanner } from './global-banner';

// The sidebar (its items' icons, the Radix sheet and tooltips) is its own chunk: a phone loads it when the menu is
// first opened, so the first screen runs none of it (issue 26: /dashboard's blocking time).
const AppSidebar = lazy(() => import('./app-sidebar').then((module) => ({ default: module.AppSidebar })));

/**
 * The sidebar once it is needed: on a laptop at once (an empty column of its width until its chunk is there, so the
 * page does not shift), on a phone from the first time the menu opens (then kept, so it can slide out).
 */
function SidebarSlot({ grouplink }: { grouplink?: string | null }) {
  const { isMobile, isMobileOpen, isOpen } = useSidebar();
  const [isWanted, setWanted] = useState(!isMobile);
  if (!isWanted && (!isMobile || isMobileOpen)) setWanted(true);
  if (!isWanted) return null;
  const placeholder = isMobile ? null : (
    <div
      aria-hidden="true"
      className={cn('sticky top-0 h-dvh shrink-0 bg-brand-950', isOpen ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)')}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <AppSidebar grouplink={grouplink} />
    </Suspense>
  );
}

/** The shell of an active member: sidebar, header, global banner and the page. */
export function AppLayout({
  grouplink,
  customerCare,
  banner,
  children,
}: {
  grouplink?: string | null;
  customerCare?: string | null;
  banner?: string | null;
  children: ReactNode;
}) {
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh">
        <SidebarSlot grouplink={grouplink} />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader />
          <DemoBanner />
          <GlobalBanner text={banner} customerCare={customerCare} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 sm:px-6 sm:py-6">
            <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
