/**
 * The start-up script (decision 042): a tiny classic script that index.html loads `async` beside the app's entry
 * chunk. For a visitor with a stored session it sends the spec's first two calls at once, `auth` and then, once auth
 * says yes, `userdata` (spec part 1, sections 4 and 8: the same order the app keeps), and asks the browser to fetch
 * the signed-in shell's and the dashboard's chunks, so neither waits for the entry chunk to download and run. The app
 * takes the answers from `window.__tuzoBoot` (lib/boot.ts) instead of sending the calls again; when the app starts
 * first it marks the slot taken and this script does nothing.
 *
 * It is turned into text by `.toString()` at build time (vite.config.ts), so it must stay self-contained: no
 * imports, no outside names, only what every browser Tuzo supports runs. The storage keys and headers are those of
 * lib/storage-keys.ts, i18n/index.ts and lib/api-client.ts (a unit test checks the calls it makes).
 */
export function tuzoBoot(preloads: string[]): void {
  const slot = window as unknown as { __tuzoBoot?: unknown };
  if (slot.__tuzoBoot) return;
  let token: string | null = null;
  let language = 'en';
  try {
    token = localStorage.getItem('access_token');
    if (localStorage.getItem('tuzo.language') === 'sw') language = 'sw';
  } catch {
    return;
  }
  if (!token) return;
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': language,
    Authorization: `Bearer ${token}`,
  };
  const auth = fetch('/api?action=auth', { headers });
  const userdata = auth.then(
    (response) =>
      response
        .clone()
        .json()
        .then((body: { resultcode?: unknown } | null) =>
          body && body.resultcode === true ? fetch('/api?action=userdata', { headers }) : null,
        ),
    () => null,
  );
  // Nobody waits on these two when the app takes neither: no unhandled rejection in the console.
  auth.catch(() => undefined);
  userdata.catch(() => undefined);
  slot.__tuzoBoot = { token, language, auth, userdata };
  const path = location.pathname;
  if (path !== '/' && path !== '/dashboard') return;
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}
