import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { pathSegment, queryString, requestBody, type FuzzBody } from './helpers/fuzz';
import { FuzzWorld, seedOf, usualCaller, type Caller, type FuzzRequest } from './helpers/fuzz-world';
import type { Operation } from './helpers/routes';
import { nastyString } from './helpers/schema-values';

/**
 * Every operation of the API (read from the app, so new routes are fuzzed without being
 * listed), as a user, an admin, a machine or no one, with input generated from its schemas
 * and broken in every way we could think of. Whatever comes in: no 5xx, `{code, message}` on
 * every 4xx, the security headers on every answer, and an answer within a second.
 *
 * FUZZ_SEED fixes the inputs (the default is fixed, so CI runs are the same); FUZZ_RUNS sets
 * how many requests each operation gets. A failure prints both.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

const world = await FuzzWorld.create();
afterAll(async () => {
  await world.close();
});

const forgedAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `Bearer ${'x'.repeat(10_000)}`,
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((junk) => `Bearer ${junk}`),
);

function requests(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const known = world.context(operation);
  const anyone = fc.constantFrom<Caller>('user', 'admin', 'machine', 'no one', 'forged');
  const body = requestBody(operation, known);
  return fc.record({
    caller: fc.oneof({ arbitrary: fc.constant(usualCaller(operation)), weight: 6 }, { arbitrary: anyone, weight: 2 }),
    forged: forgedAuthorization,
    segments: fc.tuple(...operation.pathParams.map((parameter) => pathSegment(parameter, known))),
    query: queryString(operation.queryParams, known),
    body:
      operation.method === 'GET'
        ? fc.oneof({ arbitrary: fc.constant<FuzzBody>({ label: 'no body' }), weight: 5 }, { arbitrary: body, weight: 1 })
        : body,
    deviceHeader: fc.oneof(
      { arbitrary: fc.constant<string | null>(world.ownDevice), weight: 5 },
      { arbitrary: fc.constant<string | null>(null), weight: 1 },
      { arbitrary: nastyString.map((value) => value.replace(/[^\x20-\x7e]/g, '?')), weight: 1 },
    ),
  });
}

/**
 * Another device's id in X-Device-ID changes nothing: a session of the owner that registered
 * no device names the owner's browser or machine in the header, with fuzzed input, on every
 * device operation; the owner's devices stay as active and as admin as they were.
 */
function impostorRequests(operation: Operation): fc.Arbitrary<FuzzRequest> {
  return requests(operation).chain((request) =>
    fc.constantFrom(...world.ownDevices).map((device) => ({ ...request, caller: 'impostor' as const, deviceHeader: device })),
  );
}
const deviceOperations = world.operations.filter((operation) => /^\/api\/(devices|device-tokens|tokens)(\/|$)/.test(operation.path));

describe("another device's id in X-Device-ID changes nothing", () => {
  it('covers the device operations', () => {
    expect(deviceOperations.map((operation) => operation.key)).toEqual(
      expect.arrayContaining([
        'POST /api/devices/deactivate',
        'POST /api/devices/{id}/admin-status',
        'DELETE /api/devices/{id}/force-delete',
      ]),
    );
  });

  it.each(deviceOperations.map((operation) => [operation.key, operation] as const))(
    "%s: an impostor naming the owner's device changes none of the owner's devices",
    async (_key, operation) => {
      await world.restore();
      const before = await world.deviceStates();
      const details = await fc.check(
        fc.asyncProperty(impostorRequests(operation), (request) => world.send(operation, request)),
        { seed: seedOf(SEED, operation), numRuns: Math.min(RUNS, 20), endOnFailure: true },
      );
      expect(details.failed ? String(details.errorInstance) : null).toBeNull();
      expect(await world.deviceStates()).toEqual(before);
    },
  );
});

describe('fuzzing every operation', () => {
  it('finds the operations in the app', () => {
    expect(world.operations.length).toBeGreaterThan(50);
    expect(world.operations.map((operation) => operation.key)).toEqual(
      expect.arrayContaining(['POST /catalogue/apps', 'GET /api/admin/users', 'POST /api/devices/enroll']),
    );
  });

  it.each(world.operations.map((operation) => [operation.key, operation] as const))(
    '%s: no 5xx, an envelope on 4xx, security headers, under 1 s',
    async (_key, operation) => {
      await world.restore();
      const seed = seedOf(SEED, operation);
      const details = await fc.check(
        fc.asyncProperty(requests(operation), (request) => world.send(operation, request)),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed) {
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `Fuzzing ${operation.key} failed on run ${details.numRuns} of ${RUNS} (FUZZ_SEED=${SEED}, seed ${seed}): ${cause}\n` +
            `Reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server-${process.env.TEST_DB ?? 'sqlite'} tests/server/fuzz.test.ts -t '${operation.key}'`,
        );
      }
    },
  );
});
