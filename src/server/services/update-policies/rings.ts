import { createHash } from 'node:crypto';

import { ringSchema, type Ring } from '@shared/api/update-policies';

import { readJsonColumn } from '../../db/json-column';

/** A policy's stored rings; none when it has none, or what is stored cannot be read. */
export function ringsOf(policy: { rings: string | null }): Ring[] {
  return policy.rings === null ? [] : readJsonColumn(ringSchema.array(), policy.rings, []);
}

/**
 * Where a machine stands among 100 buckets: a hash of its row id, so the same machines are in the
 * first share of every rollout (a percent ring is "the same 25 % each time", not a new draw).
 */
export function bucketOf(deviceRowId: string): number {
  return createHash('sha256').update(deviceRowId).digest().readUInt32BE(0) % 100;
}

/**
 * The ring a machine is in: the first group ring it is a member of, else the first share whose
 * cumulative percent covers its bucket, else everyone (index `rings.length`).
 */
export function ringOfMachine(rings: readonly Ring[], deviceRowId: string, groupIds: ReadonlySet<string>): number {
  const grouped = rings.findIndex((ring) => ring.groupId !== null && groupIds.has(ring.groupId));
  if (grouped >= 0) return grouped;
  const bucket = bucketOf(deviceRowId);
  let covered = 0;
  for (const [index, ring] of rings.entries()) {
    if (ring.percent === null) continue;
    covered += ring.percent;
    if (bucket < covered) return index;
  }
  return rings.length;
}

/** A ring's name for people: its group's name, "25 %", or "Everyone" for the last. */
export function ringName(ring: Ring | undefined, groupNames: ReadonlyMap<string, string>): string {
  if (!ring) return 'Everyone';
  if (ring.groupId !== null) return groupNames.get(ring.groupId) ?? 'A deleted group';
  return `${ring.percent ?? 0} %`;
}

export interface RingTally {
  sent: number;
  succeeded: number;
  failed: number;
}

/**
 * What a ring's results say: stop when more than the threshold of its finished updates failed;
 * go on once it soaked and something finished (or it sent nothing: it had no machine to try);
 * otherwise wait.
 */
export function judgeRing(tally: RingTally, thresholdPercent: number, soaked: boolean): 'stop' | 'open-next' | 'wait' {
  const finished = tally.succeeded + tally.failed;
  if (finished > 0 && tally.failed * 100 > thresholdPercent * finished) return 'stop';
  if (soaked && (finished > 0 || tally.sent === 0)) return 'open-next';
  return 'wait';
}
