import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Logger } from './log';
import { emptyRecord, OUTCOMES_FILE, OutcomeStore, REMEMBERED_JOBS, type Outcomes } from './outcome-store';
import { itemReport } from './report';

function recordingLogger() {
  const warnings: string[] = [];
  const log: Logger = { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
  return { log, warnings };
}

function outcomes(jobIds: string[]): Outcomes {
  return new Map(
    jobIds.map((jobId) => [
      jobId,
      {
        reports: new Map([
          [
            'item0',
            { ...itemReport({ jobId, itemId: 'item0' }, 'succeeded', 'apt', { message: 'Installed (2.0)', version: '2.0' }), seq: 1 },
          ],
        ]),
        acked: new Set([1]),
        done: { seq: 2, acked: false },
        started: new Set<string>(),
      },
    ]),
  );
}

describe('OutcomeStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadout-outcomes-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts empty without a file, and says nothing about it', async () => {
    const { log, warnings } = recordingLogger();
    const store = await OutcomeStore.open(dir, log);
    expect(store.outcomes().size).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('keeps the reports in a file only its owner can read, and reads them back', async () => {
    const saved = outcomes(['j1', 'j2']);
    await (await OutcomeStore.open(dir, recordingLogger().log)).save(saved);
    if (process.platform !== 'win32') expect((await stat(join(dir, OUTCOMES_FILE))).mode & 0o777).toBe(0o600);
    const reopened = await OutcomeStore.open(dir, recordingLogger().log);
    expect(reopened.outcomes()).toEqual(saved);
  });

  it('reads a file from before sequence numbers as delivered, numbering its reports in order', async () => {
    const reports = ['a', 'b'].map((itemId) => itemReport({ jobId: 'j1', itemId }, 'succeeded', 'apt', { message: 'Installed' }));
    await writeFile(join(dir, OUTCOMES_FILE), JSON.stringify({ version: 1, jobs: [{ jobId: 'j1', reports }] }));
    const record = (await OutcomeStore.open(dir, recordingLogger().log)).outcomes().get('j1')!;
    expect([...record.reports.values()].map((report) => [report.itemId, report.seq])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(record.acked).toEqual(new Set([1, 2]));
    expect(record.done).toBeNull();
  });

  it(`keeps the newest ${REMEMBERED_JOBS} jobs, and only those with a final report`, async () => {
    const jobIds = Array.from({ length: REMEMBERED_JOBS + 5 }, (_, i) => `j${i}`);
    const saved = outcomes(jobIds);
    saved.set('started', emptyRecord());
    await (await OutcomeStore.open(dir, recordingLogger().log)).save(saved);
    const kept = [...(await OutcomeStore.open(dir, recordingLogger().log)).outcomes().keys()];
    expect(kept).toEqual(jobIds.slice(5));
  });

  it.each([
    ['not JSON', '{"version": 1, "jobs": ['],
    ['another shape', '{"version": 3, "jobs": []}'],
    ['a report that is not one', JSON.stringify({ version: 1, jobs: [{ jobId: 'j1', reports: [{ type: 'job.done' }] }] })],
  ])('starts empty from a damaged file (%s), with one warning', async (_, text) => {
    await writeFile(join(dir, OUTCOMES_FILE), text);
    const { log, warnings } = recordingLogger();
    const store = await OutcomeStore.open(dir, log);
    expect(store.outcomes().size).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('is damaged');
    await store.save(outcomes(['j1']));
    expect(JSON.parse(await readFile(join(dir, OUTCOMES_FILE), 'utf8'))).toMatchObject({ jobs: [{ jobId: 'j1' }] });
  });

  it('logs a write that fails and does not reject', async () => {
    const { log, warnings } = recordingLogger();
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, '');
    const store = await OutcomeStore.open(blocked, log);
    await expect(store.save(outcomes(['j1']))).resolves.toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('Could not remember finished jobs');
  });
});
