import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web client's build: `web/dist/index.html` and hashed files under
 * `web/dist/assets/`, served by the server (src/http/web-app.ts). The dev
 * server (`npm run dev -w web`) proxies the API and the socket to a server on
 * port 3000.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Chromium, Firefox and Safari have modulepreload: no polyfill in the entry chunk.
    modulePreload: { polyfill: false },
    // Large enough that no image or font becomes an inline data: URL mixed into scripts or styles.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
