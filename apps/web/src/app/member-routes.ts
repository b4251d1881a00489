/**
 * The member shell and the dashboard, the chunks a signed-in start opens first. The router starts loading them beside
 * the signed-in routes' chunk instead of after it (decision 058); signed-in.tsx declares its lazy routes with them.
 */
export const loadShell = () => import('./routes/shell');
export const loadDashboard = () => import('./routes/dashboard');

/** Starts loading the chunks a signed-in start at `path` shows first; a failure shows when the route renders. */
export function preloadMemberStart(path: string): void {
  void loadShell().catch(() => undefined);
  if (path === '/' || path === '/dashboard') void loadDashboard().catch(() => undefined);
}
