import { Suspense, type ReactNode } from 'react';
import { SidebarProvider } from '@/components/ui/sidebar';
import { PageSpinner } from '@/components/ui/skeleton';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { DemoBanner } from './demo-banner';
import { GlobalBanner } from './global-banner';

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
        <AppSidebar grouplink={grouplink} />
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
