import { describe, expect, it } from 'vitest';

import { PACKAGE_ID_FIELDS } from '@shared/api/catalogue';

import { CatalogueSearchIndex, type SearchableApp, type SearchQuery } from './search-index';

let nextId = 1;
function app(name: string, fields: Partial<SearchableApp> = {}): SearchableApp {
  const ids = Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, null])) as Record<(typeof PACKAGE_ID_FIELDS)[number], null>;
  return { id: nextId++, name, description: '', publisher: '', popularity: 0, curated: 0, category_id: 1, ...ids, ...fields };
}

const apps = [
  app('Firefox', { curated: 1, winget_id: 'Mozilla.Firefox', homebrew_cask: 'firefox', apt_package: 'firefox-esr', publisher: 'Mozilla' }),
  app('Firefox Developer Edition', { homebrew_cask: 'firefox@developer-edition', popularity: 900 }),
  app('Thunderbird', { curated: 1, winget_id: 'Mozilla.Thunderbird', publisher: 'Mozilla', category_id: 2 }),
  app('ffmpeg', { homebrew_formula: 'ffmpeg', apt_package: 'ffmpeg', popularity: 50_000 }),
  app('jq', { homebrew_formula: 'jq', apt_package: 'jq', popularity: 40_000 }),
  app('fzf', { homebrew_formula: 'fzf', popularity: 30_000 }),
  app('Visual Studio Code', { curated: 1, winget_id: 'Microsoft.VisualStudioCode', homebrew_cask: 'visual-studio-code' }),
  app('Code Browser', { apt_package: 'code-browser', popularity: 10 }),
  app('ripgrep', { homebrew_formula: 'ripgrep', apt_package: 'ripgrep', popularity: 20_000, description: 'grep, but faster' }),
];
const index = new CatalogueSearchIndex(apps);
const names = (query: Partial<SearchQuery>) =>
  index.search({ offset: 0, limit: 50, ...query }).positions.map((position) => apps[position]?.name);

describe('searching the catalogue', () => {
  it('finds a word anywhere in the name, an id or the publisher, and the start of a word as it is typed', () => {
    expect(names({ text: 'thunder' })).toEqual(['Thunderbird']);
    expect(names({ text: 'mozilla' })).toEqual(['Firefox', 'Thunderbird']);
    expect(names({ text: 'firefox-esr' })).toEqual(['Firefox']);
    expect(names({ text: 'rip' })).toEqual(['ripgrep']);
    // Inside a word too, from three letters, after the words that start so.
    expect(names({ text: 'grep' })).toEqual(['ripgrep']);
    expect(names({ text: 'fox' })).toEqual(['Firefox', 'Firefox Developer Edition']);
    expect(names({ text: 'ox' })).toEqual([]);
  });

  it('puts the app whose whole name or id was typed first, then names that start with it, before more popular apps', () => {
    expect(names({ text: 'firefox' })).toEqual(['Firefox', 'Firefox Developer Edition']);
    expect(names({ text: 'visual-studio-code' })[0]).toBe('Visual Studio Code');
    expect(names({ text: 'code' })).toEqual(['Code Browser', 'Visual Studio Code']);
  });

  it('needs every word, in any order', () => {
    expect(names({ text: 'edition firefox' })).toEqual(['Firefox Developer Edition']);
    expect(names({ text: 'firefox thunderbird' })).toEqual([]);
  });

  it('forgives a typing mistake in a longer word, never in a short one', () => {
    expect(names({ text: 'firefx' })).toEqual(['Firefox', 'Firefox Developer Edition']);
    expect(names({ text: 'thunderbrid' })).toEqual(['Thunderbird']);
    expect(names({ text: 'jz' })).toEqual([]);
  });

  it('filters by platform and category, and pages with the total', () => {
    expect(names({ text: 'f', platform: 'windows' })).toEqual(['Firefox']);
    expect(names({ text: 'mozilla', category: 2 })).toEqual(['Thunderbird']);
    // Four names start with f, and ripgrep's description has "faster".
    expect(names({ text: 'f' })).toEqual(['Firefox', 'ffmpeg', 'fzf', 'Firefox Developer Edition', 'ripgrep']);
    const page = index.search({ text: 'f', offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.positions.map((position) => apps[position]?.name)).toEqual(['ffmpeg', 'fzf']);
  });

  it('browses with no words: curated apps first, then the most installed', () => {
    expect(names({ limit: 5 })).toEqual(['Firefox', 'Thunderbird', 'Visual Studio Code', 'ffmpeg', 'jq']);
    expect(names({ platform: 'linux' })).toEqual(['Firefox', 'ffmpeg', 'jq', 'ripgrep', 'Code Browser']);
  });

  it('answers a query of many words, or one letter, over a large catalogue within its bounds', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => app(`app ${i} tool${i % 97}`, { popularity: i }));
    const big = new CatalogueSearchIndex(many);
    expect(big.search({ text: 'a', offset: 0, limit: 10 }).total).toBe(20_000);
    // tool5 and tool50…tool59 (i % 97 in 5 and 50–59), every one with "app".
    const expected = many.filter((entry) => /\btool5\d?$/.test(entry.name)).length;
    expect(big.search({ text: 'tool5 app', offset: 0, limit: 10 }).total).toBe(expected);
    expect(big.search({ text: `${'x'.repeat(10_000)} y z w v u t s r q`, offset: 0, limit: 10 }).total).toBe(0);
  });
});
