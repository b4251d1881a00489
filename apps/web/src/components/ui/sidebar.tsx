import { PanelLeft } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { uiTexts } from './ui.texts';

/** Spec part 1, section 9: the sidebar's cookie, its lifetime and the shortcut. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;

interface SidebarContextValue {
  isOpen: boolean;
  isMobile: boolean;
  isMobileOpen: boolean;
  setOpen: (open: boolean) => void;
  setMobileOpen: (open: boolean) => void;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

function readSidebarCookie(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

/**
 * Holds the expanded/collapsed state (kept in a cookie for 7 days) and the Ctrl/Cmd+B shortcut. The panel itself
 * (`sidebar-panel.tsx`, with the Radix sheet and tooltips) is in the sidebar's own chunk, loaded by the layout.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isOpen, setOpenState] = useState(readSidebarCookie);
  const [isMobileOpen, setMobileOpen] = useState(false);

  const setOpen = useCallback((open: boolean) => {
    setOpenState(open);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setOpen(!isOpen);
  }, [isMobile, isOpen, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo(
    () => ({ isOpen, isMobile, isMobileOpen, setOpen, setMobileOpen, toggleSidebar }),
    [isOpen, isMobile, isMobileOpen, setOpen, toggleSidebar],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar, isOpen, isMobile, isMobileOpen } = useSidebar();
  const expanded = isMobile ? isMobileOpen : isOpen;
  const t = useTexts(uiTexts);
  return (
    <button
      type="button"
      data-slot="sidebar-trigger"
      onClick={toggleSidebar}
      aria-label={t('toggleMenu')}
      aria-expanded={expanded}
      title={t('toggleMenuTitle')}
      className={cn('inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100', className)}
    >
      <PanelLeft className="size-5" aria-hidden="true" />
    </button>
  );
}
