import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { precompressDir } from './scripts/precompress.mjs';

const sharedDir = fileURLToPath(new URL('./src/shared', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer', import.meta.url));

/** `name.br` and `name.gz` beside every hashed asset (scripts/precompress.mjs). */
function precompressAssets(): Plugin {
  return { name: 'loadout-precompress-assets', apply: 'build', writeBundle: () => precompressDir(join(outDir, 'assets')) };
}

// The web app. The server serves dist/renderer; in development `vite` proxies /api to it.
export default defineConfig({
  root: 'src/renderer',
  base: '/',
  plugins: [react(), precompressAssets()],
  resolve: { alias: { '@shared': sharedDir } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/catalogue': 'http://127.0.0.1:3000' },
  },
});
