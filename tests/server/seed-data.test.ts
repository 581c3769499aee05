import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { PACKAGE_ID_FIELDS, packageIdsShape } from '@shared/api/catalogue';

// The seed catalogue shipped in resources/catalogue (SOURCES.md there says how each id was checked).
const CATALOGUE = fileURLToPath(new URL('../../resources/catalogue', import.meta.url));
const REQUIRED_CATEGORIES = ['Browsers', 'Communication', 'Media', 'Development', 'Utilities', 'Office', 'Games', 'Security'];

const seedAppSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  category: z.string().min(1),
  description: z.string().trim().min(20).max(1000),
  website: z.url({ protocol: /^https$/ }),
  file_size_kb: z.number().int().positive().max(100_000_000),
  icon: z.string().regex(/^[a-z0-9-]+\.svg$/),
  ...packageIdsShape,
});
const seedSchema = z.strictObject({
  version: z.literal(1),
  categories: z.array(z.string().trim().min(1)).min(1),
  apps: z.array(z.unknown()),
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

  it('uses https websites and positive sizes', () => {
    for (const app of apps) {
      expect(new URL(app.website).protocol, app.name).toBe('https:');
      expect(app.file_size_kb, app.name).toBeGreaterThan(0);
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
