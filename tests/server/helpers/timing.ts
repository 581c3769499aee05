import { performance } from 'node:perf_hooks';

/**
 * Times two kinds of request, interleaved so that both meet the same load, and answers the
 * ratio of their median durations (slower / faster, so 1 means alike). For checks that an
 * answer's timing does not tell two cases apart: a ratio, not a duration, so a busy CI
 * machine slows both sides alike.
 *
 * `settle` runs after every timed request, unmeasured: the work a request defers (a mail, a
 * token written after the answer) belongs to that request, and left running it would slow
 * whichever request comes next and make the two sides differ by chance.
 */
export async function medianRatio(
  rounds: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  settle: () => Promise<unknown> = async () => undefined,
): Promise<{ ratio: number; a: number; b: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  const time = async (side: 'a' | 'b', request: () => Promise<unknown>) => {
    const started = performance.now();
    await request();
    times[side].push(performance.now() - started);
    await settle();
  };
  // One of each first, unmeasured: lazy loading (the password checker, prepared statements) is not the point.
  await a();
  await b();
  await settle();
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      await time('a', a);
      await time('b', b);
    } else {
      await time('b', b);
      await time('a', a);
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const medians = { a: median(times.a), b: median(times.b) };
  return { ratio: Math.max(medians.a, medians.b) / Math.max(Math.min(medians.a, medians.b), 1e-6), ...medians };
}
