import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startSession } from './lib/session';
import './index.css';

// The server's Content-Security-Policy forbids eval; zod's JIT probes for it with `new Function`, so every page that
// parses a schema reported a CSP violation. zod reads its configuration from this global when it loads (a lazy
// chunk); setting it here, before any chunk loads, costs no bytes in the entry (importing zod's config() pulled
// 11 KB of zod into it). Interpreted parsing is fast enough for form-sized data.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
startSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
