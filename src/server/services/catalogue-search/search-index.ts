import { PACKAGE_ID_FIELDS, type PackageIdField } from '@shared/api/catalogue';
import { fieldsOfPlatform, type Platform } from '@shared/package-managers';

import { editsAllowed, MAX_QUERY_WORDS, phraseOf, trigramsOf, withinEdits, wordsOf } from './search-text';

/** What the search reads of an app: the snapshot's rows have all of it. */
export type SearchableApp = {
  id: number;
  name: string;
  description: string;
  publisher: string;
  popularity: number;
  curated: number;
  category_id: number | null;
} & Record<PackageIdField, string | null>;

export interface SearchQuery {
  text?: string | undefined;
  platform?: Platform | undefined;
  category?: number | undefined;
  offset: number;
  limit: number;
}

export interface SearchPage {
  /** Positions in the array the index was built from, best first. */
  positions: number[];
  /** How many apps match in all, for "1–30 of 212". */
  total: number;
}

/** Where a word was found; a match in the name counts most. */
const FIELD_WEIGHT = { name: 8, id: 6, publisher: 3, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHT;
const FIELDS = Object.keys(FIELD_WEIGHT) as Field[];
/** How a query word matched a stored word: the whole word, its start, inside it ("grep" in "ripgrep"), or with a typing mistake. */
const MATCH_WEIGHT = { exact: 3, prefix: 2, inside: 1, typo: 1 } as const;
/** A query word shorter than this is not looked for inside words: "c" is inside half of them. */
const MIN_INSIDE_LENGTH = 3;
type Match = keyof typeof MATCH_WEIGHT;
/** Stored words a query word's start may stand for, at most: "a" stops here instead of walking every word. */
const MAX_PREFIX_WORDS = 5000;
/** Stored words a misspelt query word is compared with, at most. */
const MAX_TYPO_CANDIDATES = 2000;

/**
 * The catalogue's search, built once per catalogue snapshot in every process, so that a search
 * costs no database read and ranks the same on SQLite and PostgreSQL. Every word of a query
 * must be found (in the name, a package id, the publisher or the description), whole, as the
 * start of a word, inside a word (from three letters), or, when no stored word has it at all, a
 * typing mistake or two away. Apps
 * rank by where and how well the words matched, then the whole name or an id equal to the
 * query, then curated before indexed, then popularity, then name.
 *
 * Cost: building is linear in the catalogue's words; a query is bounded by its words
 * (MAX_QUERY_WORDS), the stored words each may stand for (MAX_PREFIX_WORDS, MAX_TYPO_CANDIDATES)
 * and the apps those words are in.
 */
export class CatalogueSearchIndex {
  /** Every distinct stored word, sorted, for prefix ranges. */
  private readonly words: string[];
  /** Word → the apps it is in, each with the weight of the best field it is in. */
  private readonly postings = new Map<string, Map<number, number>>();
  /** Three-letter piece → the stored words that have it, for typing mistakes. */
  private readonly trigrams = new Map<string, string[]>();
  /** Every app, in browsing order (curated, popular, by name): an empty query pages through this. */
  private readonly browseOrder: number[];
  private readonly names: string[];
  private readonly ids: Set<string>[];

  constructor(private readonly apps: readonly SearchableApp[]) {
    this.names = apps.map((app) => phraseOf(app.name));
    this.ids = apps.map((app) => new Set(PACKAGE_ID_FIELDS.flatMap((field) => (app[field] ? [phraseOf(app[field])] : []))));
    apps.forEach((app, position) => {
      for (const field of FIELDS) for (const word of wordsOfField(app, field)) this.post(word, position, FIELD_WEIGHT[field]);
    });
    this.words = [...this.postings.keys()].sort();
    for (const word of this.words) {
      if (editsAllowed(word) === 0 && word.length < 3) continue;
      for (const gram of trigramsOf(word)) {
        const list = this.trigrams.get(gram);
        if (list) list.push(word);
        else this.trigrams.set(gram, [word]);
      }
    }
    this.browseOrder = apps.map((_, position) => position).sort((a, b) => this.compareQuality(a, b));
  }

  search(query: SearchQuery): SearchPage {
    const words = wordsOf(query.text ?? '').slice(0, MAX_QUERY_WORDS);
    const allowed = (position: number) => this.passesFilters(position, query);
    if (words.length === 0) {
      const matching = this.browseOrder.filter(allowed);
      return { positions: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
    }
    let scores: Map<number, number> | null = null;
    for (const word of words) {
      const found = this.matchesOf(word);
      // Every word must match: keep only the apps the words so far had, adding this word's score.
      const next = new Map<number, number>();
      for (const [position, score] of found) {
        const sofar = scores === null ? 0 : scores.get(position);
        if (sofar !== undefined && allowed(position)) next.set(position, sofar + score);
      }
      scores = next;
      if (scores.size === 0) break;
    }
    const phrase = words.join(' ');
    const ranked = [...(scores ?? new Map<number, number>())].map(([position, score]) => ({
      position,
      score: score + this.exactness(position, phrase),
    }));
    ranked.sort((a, b) => b.score - a.score || this.compareQuality(a.position, b.position));
    return { positions: ranked.slice(query.offset, query.offset + query.limit).map((entry) => entry.position), total: ranked.length };
  }

  /** Each app the word is in (whole, as a start, or mistyped), with its best score for that word. */
  private matchesOf(word: string): Map<number, number> {
    const found = new Map<number, number>();
    const add = (stored: string, match: Match) => {
      for (const [position, weight] of this.postings.get(stored) ?? []) {
        const score = weight * MATCH_WEIGHT[match];
        if (score > (found.get(position) ?? 0)) found.set(position, score);
      }
    };
    const prefixed = this.wordsStartingWith(word);
    for (const stored of prefixed) add(stored, stored === word ? 'exact' : 'prefix');
    const inside = this.wordsContaining(word);
    for (const stored of inside) add(stored, 'inside');
    if (prefixed.length === 0 && inside.length === 0) for (const stored of this.typosOf(word)) add(stored, 'typo');
    return found;
  }

  private wordsStartingWith(prefix: string): string[] {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < this.words.length && found.length < MAX_PREFIX_WORDS; i += 1) {
      const word = this.words[i] as string;
      if (!word.startsWith(prefix)) break;
      found.push(word);
    }
    return found;
  }

  /** Stored words that have `word` inside them, not at their start; one pass over the distinct words, at most MAX_PREFIX_WORDS. */
  private wordsContaining(word: string): string[] {
    if (word.length < MIN_INSIDE_LENGTH) return [];
    const found: string[] = [];
    for (const stored of this.words) {
      if (stored.length > word.length && stored.indexOf(word, 1) > 0) found.push(stored);
      if (found.length >= MAX_PREFIX_WORDS) break;
    }
    return found;
  }

  /** Stored words a typing mistake or two from `word`: those sharing enough of its three-letter pieces, then checked edit by edit. */
  private typosOf(word: string): string[] {
    const edits = editsAllowed(word);
    if (edits === 0) return [];
    const grams = trigramsOf(word);
    // Each edit spoils at most three pieces; fewer shared than that and the word is too far.
    const needed = Math.max(1, grams.length - 3 * edits);
    const shared = new Map<string, number>();
    for (const gram of grams) for (const stored of this.trigrams.get(gram) ?? []) shared.set(stored, (shared.get(stored) ?? 0) + 1);
    const found: string[] = [];
    for (const [stored, count] of shared) {
      if (count < needed) continue;
      if (withinEdits(word, stored, edits)) found.push(stored);
      if (found.length >= MAX_TYPO_CANDIDATES) break;
    }
    return found;
  }

  /** The whole name, or a whole package id, is what was typed: that app first. */
  private exactness(position: number, phrase: string): number {
    if (this.names[position] === phrase) return 1000;
    if (this.ids[position]?.has(phrase)) return 500;
    if (this.names[position]?.startsWith(phrase)) return 100;
    return 0;
  }

  private passesFilters(position: number, query: SearchQuery): boolean {
    const app = this.apps[position] as SearchableApp;
    if (query.category !== undefined && app.category_id !== query.category) return false;
    if (query.platform !== undefined && !fieldsOfPlatform(query.platform).some((field) => app[field])) return false;
    return true;
  }

  /** Curated apps first, then the more installed, then by name. */
  private compareQuality(a: number, b: number): number {
    const left = this.apps[a] as SearchableApp;
    const right = this.apps[b] as SearchableApp;
    return (
      right.curated - left.curated ||
      right.popularity - left.popularity ||
      (this.names[a] as string).localeCompare(this.names[b] as string) ||
      left.id - right.id
    );
  }

  private post(word: string, position: number, weight: number): void {
    let apps = this.postings.get(word);
    if (!apps) {
      apps = new Map<number, number>();
      this.postings.set(word, apps);
    }
    if (weight > (apps.get(position) ?? 0)) apps.set(position, weight);
  }
}

function wordsOfField(app: SearchableApp, field: Field): string[] {
  switch (field) {
    case 'name':
      return wordsOf(app.name);
    case 'publisher':
      return wordsOf(app.publisher);
    case 'description':
      return wordsOf(app.description);
    case 'id':
      return PACKAGE_ID_FIELDS.flatMap((key) => (app[key] ? wordsOf(app[key]) : []));
  }
}
