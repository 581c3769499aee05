// Mantine's stylesheet holds every component's styles (295 KB); the web app uses about half of
// its components, and a phone spends its first second parsing and matching the rest. This builds
// the stylesheet from the components the app imports: each one's own file (Mantine ships one
// per component) and those of the components it is built from, found by following Mantine's
// imports, in the order Mantine's full stylesheet has them, so later rules still win as there.
// The web and desktop builds serve it in place of `@mantine/core/styles.css` (vite.config.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const coreDir = dirname(require.resolve('@mantine/core/styles.css'));
const coreEsm = join(coreDir, 'esm');
/** Styles every page needs whatever it uses (reset, the theme's variables, global classes). */
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];
/** Packages beside the app whose components are built from Mantine's. */
const MANTINE_USERS = ['@mantine/notifications'];

/** Linear in the text: named imports from @mantine/core (`import { A, type B, C as D } from '@mantine/core'`). */
const CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const RELATIVE_IMPORT = /(?:import|export)[^'";]*?from\s*["'](\.[^"']+)["']|import\s*["'](\.[^"']+)["']/g;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importedNames(text) {
  const names = [];
  for (const match of text.matchAll(CORE_IMPORT)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Where @mantine/core's index takes each exported name from. */
function exportedFrom() {
  const index = readFileSync(join(coreEsm, 'index.mjs'), 'utf8');
  const files = new Map();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) files.set(name, join(coreEsm, match[2]));
    }
  }
  return files;
}

/** The names of the per-component stylesheets `files` reach through Mantine's own imports. */
function stylesReachedFrom(files) {
  const seen = new Set();
  const styles = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const module = /([^/\\]+)\.module\.mjs$/.exec(file);
    if (module) styles.add(module[1]);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) queue.push(join(dirname(file), match[1] ?? match[2]));
  }
  return styles;
}

/** The names (`Button`, `Input`…) of the component stylesheets the sources in `sourceDirs` need. */
export function neededMantineStyles(sourceDirs) {
  const files = exportedFrom();
  const dirs = [...sourceDirs, ...MANTINE_USERS.map((name) => join(dirname(require.resolve(`${name}/styles.css`)), 'esm'))];
  const entryFiles = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const name of importedNames(readFileSync(file, 'utf8'))) {
      const from = files.get(name);
      if (from) entryFiles.add(from);
    }
  }
  return stylesReachedFrom(entryFiles);
}

/** The stylesheet for `sourceDirs`: Mantine's global styles and the needed components', in Mantine's order. */
export function mantineStylesFor(sourceDirs) {
  const needed = new Set([...GLOBAL_STYLES, ...neededMantineStyles(sourceDirs)]);
  const full = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const parts = [...needed].flatMap((name) => {
    const path = join(coreDir, 'styles', `${name}.css`);
    try {
      const css = readFileSync(path, 'utf8');
      return [{ css, at: full.indexOf(css.trim().slice(0, 200)) }];
    } catch {
      return []; // a module without styles of its own (Mantine ships no file for it)
    }
  });
  return parts
    .sort((a, b) => a.at - b.at)
    .map((part) => part.css)
    .join('\n');
}

/**
 * A build plugin that answers an import of `@mantine/core/styles.css` with the stylesheet the
 * sources in `sourceDirs` need, so the app imports Mantine's styles the documented way.
 */
export function mantineUsedStyles(sourceDirs) {
  const fullStylesheet = join(coreDir, 'styles.css');
  return {
    name: 'loadout-mantine-used-styles',
    enforce: 'pre',
    load(id) {
      return id.split('?')[0] === fullStylesheet ? mantineStylesFor(sourceDirs) : null;
    },
  };
}
