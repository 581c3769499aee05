import { describe, expect, it } from 'vitest';

import { MAX_WORD_LENGTH, phraseOf, trigramsOf, withinEdits, wordsOf } from './search-text';

describe('the words of a name or an id', () => {
  it('cuts ids on their dots and dashes, lower-cased, with accents dropped', () => {
    expect(wordsOf('Mozilla.Firefox')).toEqual(['mozilla', 'firefox']);
    expect(wordsOf('visual-studio-code')).toEqual(['visual', 'studio', 'code']);
    expect(wordsOf('  Scríbus 1.6 ')).toEqual(['scribus', '1', '6']);
    expect(phraseOf('org.gimp.GIMP')).toBe('org gimp gimp');
  });

  it('bounds each word, so a long run of letters costs no more than a name does', () => {
    const [word] = wordsOf('a'.repeat(100_000));
    expect(word).toHaveLength(MAX_WORD_LENGTH);
  });
});

describe('typing mistakes', () => {
  it('counts a changed, missing, extra or swapped letter as one edit', () => {
    expect(withinEdits('firefox', 'firefox', 0)).toBe(true);
    expect(withinEdits('firefx', 'firefox', 1)).toBe(true);
    expect(withinEdits('firefoxx', 'firefox', 1)).toBe(true);
    expect(withinEdits('firedox', 'firefox', 1)).toBe(true);
    expect(withinEdits('fierfox', 'firefox', 1)).toBe(true);
    expect(withinEdits('thunderbrid', 'thunderbird', 1)).toBe(true);
  });

  it('says no past the allowance', () => {
    expect(withinEdits('fxrefx', 'firefox', 1)).toBe(false);
    expect(withinEdits('chrome', 'chromium', 2)).toBe(false);
    expect(withinEdits('chromim', 'chromium', 1)).toBe(true);
    expect(withinEdits('vlc', 'gimp', 2)).toBe(false);
  });

  it('marks where a word starts and ends, so the same letters elsewhere are told apart', () => {
    expect(trigramsOf('jq')).toEqual(['\u0002jq', 'jq\u0003']);
    expect(trigramsOf('gimp')).toHaveLength(4);
  });
});
