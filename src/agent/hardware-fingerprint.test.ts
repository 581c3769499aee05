import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { hardwareFingerprint } from './enrolment';

// The OS edge: the machine's id as node-machine-id reads it.
vi.mock('node-machine-id', () => {
  const machineId = () => Promise.resolve('4c4c4544-0042-3510-8051-b4c04f4d4d31');
  return { machineId, default: { machineId } };
});

describe("the machine's hardware fingerprint sent at enrolment", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is a SHA-256 of the machine id, the same at every enrolment, never the raw id', async () => {
    const first = await hardwareFingerprint();
    expect(first).toBe(createHash('sha256').update('4c4c4544-0042-3510-8051-b4c04f4d4d31').digest('hex'));
    expect(await hardwareFingerprint()).toBe(first);
    expect(first).not.toContain('4c4c4544');
  });

  it('differs per LOADOUT_AGENT_MACHINE_SEED, so one host can act as several machines', async () => {
    const plain = await hardwareFingerprint();
    vi.stubEnv('LOADOUT_AGENT_MACHINE_SEED', 'machine-1');
    const one = await hardwareFingerprint();
    vi.stubEnv('LOADOUT_AGENT_MACHINE_SEED', 'machine-2');
    const two = await hardwareFingerprint();
    expect(new Set([plain, one, two]).size).toBe(3);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
  });
});
