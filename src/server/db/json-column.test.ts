import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { readJsonColumn } from './json-column';

describe('readJsonColumn', () => {
  const managers = z.array(z.enum(['apt', 'snap']));

  it('reads what the schema allows', () => {
    expect(readJsonColumn(managers, '["apt","snap"]', null)).toEqual(['apt', 'snap']);
  });

  it('answers the fallback for text that is not JSON, or JSON of another shape, instead of passing it on', () => {
    expect(readJsonColumn(managers, '["apt",', null)).toBeNull();
    expect(readJsonColumn(managers, '["apt","rm -rf"]', null)).toBeNull();
    expect(readJsonColumn(managers, '{"0":"apt"}', [])).toEqual([]);
  });
});
