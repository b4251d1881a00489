import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { computeWebSourceHash, STAMP_FILE } from '../../scripts/web-source-hash.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.TUZO_API_URL ?? 'http://localhost:3000';

/**
 * After a build: brotli and gzip copies of every text file (the server sends them by Accept-Encoding), then the
 * hash of the sources the build was made from, so `npm start` skips the build while they are unchanged. The hash
 * is taken when the build starts: a file edited during the build makes the next start build again.
 */
function precompressAndStamp(outDir: string): Plugin {
  let sourceHash = '';
  return {
    name: 'tuzo-precompress-and-stamp',
    apply: 'build',
    buildStart() {
      sourceHash = computeWebSourceHash();
    },
    // After the service worker is written (vite-plugin-pwa's closeBundle), so sw.js is compressed too.
    closeBundle: { sequential: true, order: 'post', handler: precompressAndWriteStamp },
  };
  async function precompressAndWriteStamp(): Promise<void> {
    const { files, bytes, brotliBytes, gzipBytes } = await precompressDirectory(outDir);
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.log(`precompressed ${files} files: ${kb(bytes)} -> brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
    fs.writeFileSync(STAMP_FILE, `${sourceHash}\n`);
  }
}
const outDir = path.resolve(webRoot, 'dist');

/**
 * Puts the entry stylesheet into index.html as a <style> element. As a <link> it blocked the first paint for one
 * more round trip on mobile (Lighthouse: render-blocking request); index.html is revalidated with its ETag, so a
 * repeat visit still downloads nothing. The CSP allows inline styles. The .css file stays for anything linking it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'tuzo-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (!asset || asset.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The operator console's route module: staff use it on a network, so its chunks are not precached for members. */
const CONSOLE_ROUTE = 'src/app/routes/admin.tsx';

/**
 * The built files a member's screens can load: everything reachable from index.html through static and dynamic
 * imports, without entering the console's route. Read from Vite's manifest, which is on disk when the service
 * worker is generated (the plugin's closeBundle).
 */
function memberFiles(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (key === CONSOLE_ROUTE || seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  return files;
}

/**
 * The installable app (decision 036): the web app manifest and a Workbox service worker that precaches the built
 * shell (index.html, every hashed chunk and stylesheet, the icons) so a repeat visit opens without the network.
 * Nothing else is cached: no runtime caching at all, so every /api call goes to the network and fails offline rather
 * than answering from a copy. Navigations fall back to the precached index.html, except the paths the server answers
 * itself. A new build waits until the member presses "Reload" (registerType 'prompt', components/update-prompt.tsx).
 */
const installableApp = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The glob below already lists the icons; the plugin adds the manifest itself.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Tuzo',
    short_name: 'Tuzo',
    description: 'Tuzo: earn rewards from tasks, bonuses and your referral team.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f766e',
    background_color: '#f0fdfa',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Members on costly data download only what their screens use: the console's chunks stay out of the precache.
    manifestTransforms: [
      (entries) => {
        const keep = memberFiles();
        return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)), warnings: [] };
      },
    ],
    navigateFallback: '/index.html',
    // The server's own pages and files (the API and its document, provider webhooks, media, the health check) and
    // any path naming a file are never answered with the app's index.html.
    navigateFallbackDenylist: [/^\/(?:api|hooks|media|healthz)(?:[/?]|$)/, /\/[^/?]+\.[a-z0-9]+(?:\?|$)/i],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    // The first install takes over the open page so it works offline at once; later versions wait for the prompt.
    clientsClaim: true,
    skipWaiting: false,
  },
});

export default defineConfig({
  root: webRoot,
  // The plugins' typings resolve the hoisted Vite 8 while this app builds with Vite 7; the runtime API is the same.
  plugins: [react(), tailwindcss(), inlineEntryCss(), installableApp, precompressAndStamp(outDir)] as unknown as PluginOption[],
  resolve: { alias: { '@': path.resolve(webRoot, 'src') } },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/hooks': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    // The manifest lets the e2e suite and the size check find which chunks a route loads.
    manifest: true,
    sourcemap: process.env.TUZO_SOURCEMAP === 'true',
    // Chunks under 4 kB without side effects (a button, a field, a small helper that several routes share) are
    // merged into a chunk loaded with them: /login made 11 requests of which 7 were under 1 kB brotli, each with
    // about 1 kB of response headers (decision 058).
    rollupOptions: { output: { experimentalMinChunkSize: 4000 } },
  },
});
