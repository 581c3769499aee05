import type { z } from 'zod';

/**
 * A JSON column read back, parsed and checked with its schema: a row written by an older
 * version, or by hand, never passes for something it is not (a cast would let it through and
 * fail later, far from here). Answers `fallback` when the text is not JSON or does not match;
 * each caller says what a damaged value means for it (usually: as if the column were empty).
 */
export function readJsonColumn<S extends z.ZodType, F>(schema: S, text: string, fallback: F): z.output<S> | F {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}
