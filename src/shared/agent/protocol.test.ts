import { describe, expect, it } from 'vitest';

import { perPackageField } from '../package-managers';
import { agentMessageSchema, serverMessageSchema } from './protocol';

const packages = { ...perPackageField(() => null), apt_package: 'hello' };

describe('the agent protocol', () => {
  it('reads a job and a progress report as both ends send them', () => {
    const assign = {
      type: 'job.assign',
      job: {
        jobId: 'tgt_1',
        installationId: 'ins_1',
        kind: 'install',
        items: [{ itemId: 'itm_1', appId: 7, name: 'GNU Hello', packages }],
      },
    };
    expect(serverMessageSchema.parse(assign)).toEqual(assign);
    const progress = {
      type: 'item.progress',
      jobId: 'tgt_1',
      itemId: 'itm_1',
      status: 'skipped',
      manager: 'apt',
      version: '2.10-3',
      exitCode: 0,
      message: 'Already installed (2.10-3)',
      log: 'hello is already the newest version (2.10-3).\n',
    };
    expect(agentMessageSchema.parse(progress)).toEqual(progress);
  });

  it('refuses what a peer must not send: unknown types, a status going back to queued, terminal escapes in a log', () => {
    expect(agentMessageSchema.safeParse({ type: 'job.delete', jobId: 'tgt_1' }).success).toBe(false);
    const report = {
      type: 'item.progress',
      jobId: 'tgt_1',
      itemId: 'itm_1',
      manager: null,
      version: null,
      exitCode: null,
      message: 'x',
      log: '',
    };
    expect(agentMessageSchema.safeParse({ ...report, status: 'queued' }).success).toBe(false);
    expect(agentMessageSchema.safeParse({ ...report, status: 'failed', log: '\u001b[31mred\u001b[0m' }).success).toBe(false);
    expect(agentMessageSchema.safeParse({ ...report, status: 'failed', message: 'two\nlines' }).success).toBe(false);
    expect(agentMessageSchema.safeParse({ ...report, status: 'failed', jobId: '../../etc' }).success).toBe(false);
  });
});
