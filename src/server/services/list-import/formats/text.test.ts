import { describe, expect, it } from 'vitest';

import { formatTextList, readTextList } from './text';

const linesOf = (content: string) => readTextList(content).map(({ text }) => text);

describe('text list', () => {
  it('reads one entry per line, trimmed, without blanks and comments', () => {
    expect(readTextList('\uFEFFFirefox\r\n\n  VLC media player  \n# not this\nMozilla.Firefox\n')).toEqual([
      { text: 'Firefox', line: 1 },
      { text: 'VLC media player', line: 3 },
      { text: 'Mozilla.Firefox', line: 5 },
    ]);
  });

  it('writes one name per line, which reads back the same', () => {
    const text = formatTextList(['Firefox', 'VLC media player']);
    expect(text).toBe('Firefox\nVLC media player\n');
    expect(linesOf(text)).toEqual(['Firefox', 'VLC media player']);
    expect(formatTextList([])).toBe('');
  });
});
