import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { PACKAGE_ID_FIELDS, packageIdsShape } from '@shared/api/catalogue';
import { perPackageField } from '@shared/package-managers';

// The seed catalogue shipped in resources/catalogue (SOURCES.md there says how each id was checked).
const CATALOGUE = fileURLToPath(new URL('../../resources/catalogue', import.meta.url));
const REQUIRED_CATEGORIES = ['Browsers', 'Communication', 'Media', 'Development', 'Utilities', 'Office', 'Games', 'Security'];

const seedAppSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  category: z.string().min(1),
  description: z.string().trim().min(20).max(1000),
  website: z.url({ protocol: /^https$/ }),
  // Debian's Installed-Size of apt_package, or null when no package manager states one (SOURCES.md).
  file_size_kb: z.number().int().positive().max(100_000_000).nullable(),
  icon: z.string().regex(/^[a-z0-9-]+\.svg$/),
  // An id the entry does not name is none, as the seeder reads it: a package manager added
  // later leaves the seed as it is until its ids have been checked (SOURCES.md).
  ...perPackageField((field) => packageIdsShape[field].optional().default(null)),
});
const seedSchema = z.strictObject({
  version: z.number().int().min(2),
  categories: z.array(z.string().trim().min(1)).min(1),
  apps: z.array(z.unknown()),
  earlier_file_size_kb: z.record(z.string(), z.array(z.number().int().positive()).min(1)),
});

const seed = seedSchema.parse(JSON.parse(readFileSync(join(CATALOGUE, 'seed.json'), 'utf8')));
const apps = seed.apps.map((app) => seedAppSchema.parse(app));

describe('seed catalogue (resources/catalogue/seed.json)', () => {
  it('has at least 60 apps and at least 5 in each of the eight categories', () => {
    expect(apps.length).toBeGreaterThanOrEqual(60);
    for (const category of REQUIRED_CATEGORIES) {
      expect(seed.categories).toContain(category);
      expect(apps.filter((app) => app.category === category).length, category).toBeGreaterThanOrEqual(5);
    }
  });

  it('puts every app in a listed category and lists no category twice', () => {
    expect(new Set(seed.categories).size).toBe(seed.categories.length);
    for (const app of apps) expect(seed.categories, app.name).toContain(app.category);
  });

  it('has unique names and unique icons', () => {
    const names = apps.map((app) => app.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const icons = apps.map((app) => app.icon);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('gives every app at least one package id, each valid for its package manager', () => {
    for (const app of apps) {
      const ids = PACKAGE_ID_FIELDS.filter((field) => app[field] !== null);
      expect(ids.length, `${app.name} has no package id`).toBeGreaterThan(0);
      for (const field of PACKAGE_ID_FIELDS) {
        const result = packageIdsShape[field].safeParse(app[field]);
        expect(result.success, `${app.name}.${field} = ${String(app[field])}`).toBe(true);
      }
    }
  });

  it('uses https websites', () => {
    for (const app of apps) expect(new URL(app.website).protocol, app.name).toBe('https:');
  });

  it('gives a size only to an app with a Debian package, and none of the invented round ones', () => {
    for (const app of apps) if (app.apt_package === null) expect(app.file_size_kb, app.name).toBeNull();
    const sized = apps.filter((app) => app.file_size_kb !== null);
    expect(sized.length).toBeGreaterThan(10);
    // Seed version 1 gave many apps exactly 350000 or 400000 KB; Debian's sizes are not round.
    expect(sized.filter((app) => (app.file_size_kb ?? 0) % 1000 === 0).map((app) => app.name)).toEqual([]);
    expect(apps.find((app) => app.name === 'Git')?.file_size_kb).toBeLessThan(100 * 1024);
  });

  it('remembers the sizes it replaced, only for apps it ships, never the current size', () => {
    for (const [name, sizes] of Object.entries(seed.earlier_file_size_kb)) {
      const app = apps.find((candidate) => candidate.name === name);
      expect(app, name).toBeDefined();
      expect(sizes, name).not.toContain(app?.file_size_kb);
    }
  });

  it('ships an icon for every app that reads as a 256×256 SVG', async () => {
    for (const app of apps) {
      const path = join(CATALOGUE, 'icons', app.icon);
      expect(existsSync(path), `${app.name}: ${app.icon} is missing`).toBe(true);
      const metadata = await sharp(path).metadata();
      expect(metadata.format, app.icon).toBe('svg');
      expect([metadata.width, metadata.height], app.icon).toEqual([256, 256]);
    }
  });
});
