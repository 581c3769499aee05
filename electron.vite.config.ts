import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

import { mantineUsedStyles } from './scripts/mantine-styles.mjs';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };
const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The desktop client. Main and preload are bundled whole (externalizeDeps: false), so the
// packaged app needs no node_modules at all: electron-builder.yml ships out/** and package.json.
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      externalizeDeps: false,
      outDir: fromRoot('./out/main'),
      lib: { entry: fromRoot('./src/main/index.ts'), formats: ['es'] },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      // Sandboxed preloads cannot be ES modules; "type": "module" would otherwise make one.
      externalizeDeps: false,
      outDir: fromRoot('./out/preload'),
      // index: the app window's bridge; setup: the first-start window's one call.
      lib: { entry: { index: fromRoot('./src/preload/index.ts'), setup: fromRoot('./src/preload/setup.ts') }, formats: ['cjs'] },
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./src/renderer'),
    resolve: { alias },
    plugins: [react(), mantineUsedStyles([fromRoot('./src/renderer/src')])],
    build: {
      outDir: fromRoot('./out/renderer'),
      rolldownOptions: { input: fromRoot('./src/renderer/index.html') },
    },
  },
});
