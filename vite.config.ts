import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

// The console renderer: built to renderer/dist, served by the node at / (and loaded by Electron).
export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [vue()],
  resolve: { alias: { '@': fileURLToPath(new URL('./renderer/src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chromium and Electron support modulepreload natively; the polyfill would only add code.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1', proxy: { '/console': 'http://127.0.0.1:7300' } },
});
