import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.TUZO_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  // The plugins' typings resolve the hoisted Vite 8 while this app builds with Vite 7; the runtime API is the same.
  plugins: [react(), tailwindcss()] as unknown as PluginOption[],
  resolve: { alias: { '@': path.resolve(webRoot, 'src') } },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/hooks': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: path.resolve(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    // The manifest lets the e2e suite and the size check find which chunks a route loads.
    manifest: true,
    sourcemap: process.env.TUZO_SOURCEMAP === "true",
  },
});
