import { describe, expect, it } from 'vitest';

import { csvCell } from './history-csv';

describe('csvCell', () => {
  it('leaves plain text and empty values alone', () => {
    expect(csvCell('Firefox')).toBe('Firefox');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('2.10-3')).toBe('2.10-3');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
  });
});
