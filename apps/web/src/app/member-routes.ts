import type { ComponentType } from 'react';

/**
 * The chunks a signed-in start opens first: the signed-in routes (router.tsx), the member shell and the dashboard.
 * The router starts loading them together at start-up instead of one after the other (decision 058), and React's
 * `lazy` gets them at once when they are already here: each lazy chunk that arrived separately was one more render of the whole screen
 * (its Suspense fallback, then the screen), which Lighthouse counted as blocking time on /dashboard.
 */
type RouteModule = { default: ComponentType };

export interface PreloadableRoute {
  /** Starts loading the chunk (once); a failure is tried again by the next call. */
  preload: () => Promise<RouteModule>;
  /** `lazy()`'s loader: resolves synchronously when the chunk is loaded, so the route renders without suspending. */
  load: () => Promise<RouteModule>;
}

export function preloadableRoute(importRoute: () => Promise<RouteModule>): PreloadableRoute {
  let loaded: RouteModule | undefined;
  let pending: Promise<RouteModule> | undefined;
  const preload = () =>
    (pending ??= importRoute().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // React's lazy reads a thenable that calls back at once as resolved (react's lazyInitializer), without suspending.
  const load = () => {
    const module = loaded;
    return module ? ({ then: (resolve: (value: RouteModule) => void) => resolve(module) } as Promise<RouteModule>) : preload();
  };
  return { preload, load };
}

export const shellRoute = preloadableRoute(() => import('./routes/shell'));
export const dashboardRoute = preloadableRoute(() => import('./routes/dashboard'));

/** The screens a signed-in start at `path` shows first, besides the shell. */
function isDashboardPath(path: string): boolean {
  return path === '/' || path === '/dashboard';
}

/** Starts loading the chunks a signed-in start at `path` shows first; a failure shows when the route renders. */
export function preloadMemberStart(path: string): Promise<unknown> {
  const chunks = [shellRoute.preload(), ...(isDashboardPath(path) ? [dashboardRoute.preload()] : [])];
  return Promise.all(chunks.map((chunk) => chunk.catch(() => undefined)));
}
