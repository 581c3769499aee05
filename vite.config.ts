import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sharedDir = fileURLToPath(new URL('./src/shared', import.meta.url));

// The web app. The server serves dist/renderer; in development `vite` proxies /api to it.
export default defineConfig({
  root: 'src/renderer',
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@shared': sharedDir } },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/catalogue': 'http://127.0.0.1:3000' },
  },
});
