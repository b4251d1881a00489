import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
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
    async closeBundle() {
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDirectory(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      console.log(`precompressed ${files} files: ${kb(bytes)} -> brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
      fs.writeFileSync(STAMP_FILE, `${sourceHash}\n`);
    },
  };
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

export default defineConfig({
  root: webRoot,
  // The plugins' typings resolve the hoisted Vite 8 while this app builds with Vite 7; the runtime API is the same.
  plugins: [react(), tailwindcss(), inlineEntryCss(), precompressAndStamp(outDir)] as unknown as PluginOption[],
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
  },
});
