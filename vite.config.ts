import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { mantineUsedStyles } from './scripts/mantine-styles.mjs';
import { precompressDir } from './scripts/precompress.mjs';
import { WEB_CHUNK_GROUPS } from './scripts/web-chunks.mjs';

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
  plugins: [react(), mantineUsedStyles([fileURLToPath(new URL('./src/renderer/src', import.meta.url))]), precompressAssets()],
  resolve: { alias: { '@shared': sharedDir } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Two waves of requests a page instead of five (scripts/web-chunks.mjs says why).
        codeSplitting: { groups: WEB_CHUNK_GROUPS },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/catalogue': 'http://127.0.0.1:3000' },
  },
});
