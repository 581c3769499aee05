import { describe, expect, it } from 'vitest';

import { formatTextList, parseTextList } from './text';

describe('text list', () => {
  it('reads one entry per line, trimmed, without blanks and comments', () => {
    expect(parseTextList('\uFEFFFirefox\r\n\n  VLC media player  \n# not this\nMozilla.Firefox\n')).toEqual([
      'Firefox',
      'VLC media player',
      'Mozilla.Firefox',
    ]);
  });

  it('writes one name per line, which reads back the same', () => {
    const text = formatTextList(['Firefox', 'VLC media player']);
    expect(text).toBe('Firefox\nVLC media player\n');
    expect(parseTextList(text)).toEqual(['Firefox', 'VLC media player']);
    expect(formatTextList([])).toBe('');
  });
});
