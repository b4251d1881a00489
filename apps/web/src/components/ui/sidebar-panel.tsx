import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Sheet, SheetContent } from './sheet';
import { SIDEBAR_TOOLTIP_DELAY_MS, useSidebar } from './sidebar';
import { TooltipProvider } from './tooltip';

/**
 * The sidebar: a sticky column on desktop (16rem, or 3rem of icons when collapsed), a slide-in panel of 18rem
 * under 768 px. `children` renders the navigation for either form.
 */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isOpen, isMobile, isMobileOpen, setMobileOpen } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={isMobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent
          title={label}
          description="Main navigation"
          className="w-(--sidebar-width-mobile) max-w-[85vw] bg-brand-950 text-white"
        >
          <nav aria-label={label} data-slot="sidebar" data-mobile="true" className="flex min-h-0 flex-1 flex-col">
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}>
      <nav
        aria-label={label}
        data-slot="sidebar"
        data-state={isOpen ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 flex h-dvh shrink-0 flex-col overflow-hidden bg-brand-950 text-white transition-[width] duration-200',
          isOpen ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
        )}
      >
        {children}
      </nav>
    </TooltipProvider>
  );
}
