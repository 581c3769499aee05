/** How names, package ids and queries are cut into the words the catalogue search matches. */

/** A query's words past this are ignored: a search is a few words, and each costs a lookup. */
export const MAX_QUERY_WORDS = 8;
/** A word past this length is cut: no name or id needs more to be told apart, and it bounds every comparison. */
export const MAX_WORD_LENGTH = 40;

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_A_WORD = /[^\p{L}\p{N}]+/u;

/**
 * Lower case, accents dropped ("Scribus", "scribus" and "Scríbus" are one word), cut on anything
 * that is not a letter or a digit, so `Mozilla.Firefox` gives `mozilla` and `firefox` and
 * `visual-studio-code` gives three words. One pass over the text; empty words are dropped.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of normalise(text).split(NOT_A_WORD)) if (word) words.push(word.slice(0, MAX_WORD_LENGTH));
  return words;
}

/** The whole text as one comparable string (the exact-name bonus compares these): words joined by one space. */
export function phraseOf(text: string): string {
  return wordsOf(text).join(' ');
}

function normalise(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * Whether `a` and `b` are at most `max` edits apart (insert, delete, change, or swap two
 * neighbours), in O(length × max) time: only the diagonal band of the table is filled, and the
 * answer is known to be no as soon as every cell of a row is past `max`.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const width = b.length + 1;
  const far = max + 1;
  let before = new Array<number>(width).fill(far);
  let previous = new Array<number>(width);
  for (let j = 0; j < width; j += 1) previous[j] = j <= max ? j : far;
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(width).fill(far);
    if (i <= max) current[0] = i;
    let best = current[0] as number;
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    for (let j = from; j <= to; j += 1) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let cost = Math.min((previous[j - 1] as number) + change, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, (before[j - 2] as number) + 1);
      current[j] = Math.min(cost, far);
      if (cost < best) best = cost;
    }
    if (best > max) return false;
    before = previous;
    previous = current;
  }
  return (previous[b.length] as number) <= max;
}

/** How many typing mistakes a word of this length may carry and still be found: none in short words, where one change makes another word. */
export function editsAllowed(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/** The word's three-letter pieces, with its start and end marked, for finding words a few edits away. */
export function trigramsOf(word: string): string[] {
  const padded = `\u0002${word}\u0003`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return [...grams];
}
