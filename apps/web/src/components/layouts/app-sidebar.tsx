import { ChevronDown, LogOut } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSidebar } from '@/components/ui/sidebar';
import { Sidebar } from '@/components/ui/sidebar-panel';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useTexts } from '@/i18n';
import { cn } from '@/lib/cn';
import { signOut } from '@/lib/session';
import { NAV_ICONS } from './nav-icons';
import { buildNavGroups, type NavItem } from './nav-items';
import { shellTexts } from './shell.texts';

// Class names are plain strings: Radix's Slot (the tooltip trigger) cannot merge NavLink's className function,
// so the active item is styled through the aria-current="page" that NavLink sets.
const ITEM_BASE =
  'flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-brand-100 transition-colors ' +
  'hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/15 aria-[current=page]:text-white [&_svg]:size-5 [&_svg]:shrink-0';
const ACTIVE = 'bg-white/15 text-white';

function useItemClass(): string {
  const { isOpen, isMobile } = useSidebar();
  return cn(ITEM_BASE, isOpen || isMobile ? 'px-2.5' : 'justify-center px-0');
}

/** Shows the item's title as a tooltip when the sidebar is collapsed to icons (delay 0, see SidebarProvider). */
function WithTooltip({ title, children }: { title: string; children: ReactElement }) {
  const { isOpen, isMobile } = useSidebar();
  if (isOpen || isMobile) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{title}</TooltipContent>
    </Tooltip>
  );
}

function useCloseOnNavigate(): () => void {
  const { isMobile, setMobileOpen } = useSidebar();
  return () => {
    if (isMobile) setMobileOpen(false);
  };
}

function NavEntry({ item }: { item: NavItem }) {
  const { isOpen, isMobile, setOpen } = useSidebar();
  const { pathname } = useLocation();
  const closeOnNavigate = useCloseOnNavigate();
  const ITEM = useItemClass();
  const isWithin = pathname === item.url || pathname.startsWith(`${item.url}/`);
  const [isExpanded, setExpanded] = useState(isWithin);
  const showLabels = isOpen || isMobile;
  const Icon = NAV_ICONS[item.icon];

  if (item.isExternal) {
    return (
      <WithTooltip title={item.title}>
        <a href={item.url} target="_blank" rel="noopener noreferrer" className={ITEM} onClick={closeOnNavigate}>
          <Icon aria-hidden="true" />
          <span className={cn(!showLabels && 'sr-only')}>{item.title}</span>
        </a>
      </WithTooltip>
    );
  }

  if (item.items) {
    const listId = `nav-sub-${item.url.replace(/\W/g, '')}`;
    return (
      <>
        <WithTooltip title={item.title}>
          <button
            type="button"
            className={cn(ITEM, isWithin && !showLabels && ACTIVE)}
            aria-expanded={showLabels ? isExpanded : false}
            aria-controls={listId}
            onClick={() => {
              if (!showLabels) {
                setOpen(true);
                setExpanded(true);
              } else setExpanded(!isExpanded);
            }}
          >
            <Icon aria-hidden="true" />
            <span className={cn('flex-1 text-left', !showLabels && 'sr-only')}>{item.title}</span>
            {showLabels ? (
              <ChevronDown aria-hidden="true" className={cn('transition-transform', isExpanded && 'rotate-180')} />
            ) : null}
          </button>
        </WithTooltip>
        {showLabels && isExpanded ? (
          <ul id={listId} className="mt-1 mb-1 ml-5 flex flex-col gap-0.5 border-l border-white/15 pl-3">
            {item.items.map((sub) => (
              <li key={sub.url}>
                <NavLink to={sub.url} onClick={closeOnNavigate} className={ITEM}>
                  {sub.title}
                </NavLink>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }

  return (
    <WithTooltip title={item.title}>
      <NavLink to={item.url} onClick={closeOnNavigate} className={ITEM}>
        <Icon aria-hidden="true" />
        <span className={cn(!showLabels && 'sr-only')}>{item.title}</span>
      </NavLink>
    </WithTooltip>
  );
}

/** The member's sidebar: every group and item of spec part 1, section 2, with Logout at the bottom. */
export function AppSidebar({ grouplink }: { grouplink: string | null | undefined }) {
  const { isOpen, isMobile } = useSidebar();
  const ITEM = useItemClass();
  const showLabels = isOpen || isMobile;
  const t = useTexts(shellTexts);
  return (
    <Sidebar label={t('mainNavigation')}>
      <div className={cn('flex h-14 shrink-0 items-center gap-2 px-3', !showLabels && 'justify-center px-0')}>
        <span
          className="flex size-8 items-center justify-center rounded-lg bg-accent-400 text-lg font-black text-brand-950"
          aria-hidden="true"
        >
          T
        </span>
        {showLabels ? <span className="text-lg font-bold tracking-tight">Tuzo</span> : null}
      </div>
      <div className={cn('relative min-h-0 flex-1 overflow-y-auto pb-4', showLabels ? 'px-3' : 'px-1.5')}>
        {buildNavGroups(grouplink, t).map((group) => (
          <section key={group.id} aria-labelledby={`nav-group-${group.id}`} className="mt-3">
            <h2
              id={`nav-group-${group.id}`}
              className={cn(
                'mb-1 px-2.5 text-xs font-semibold tracking-wider text-brand-200 uppercase',
                !showLabels && 'sr-only',
              )}
            >
              {group.title}
            </h2>
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.url}>
                  <NavEntry item={item} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className={cn('shrink-0 border-t border-white/10 py-3', showLabels ? 'px-3' : 'px-1.5')}>
        <WithTooltip title={t('logout')}>
          <button type="button" className={ITEM} onClick={() => signOut()}>
            <LogOut aria-hidden="true" />
            <span className={cn(!showLabels && 'sr-only')}>{t('logout')}</span>
          </button>
        </WithTooltip>
      </div>
    </Sidebar>
  );
}
