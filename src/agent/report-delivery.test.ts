import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';

import type { Logger } from './log';
import { OutcomeStore } from './outcome-store';
import { itemReport } from './report';
import { ACK_WAIT_MS, ReportDelivery } from './report-delivery';

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const installed = (jobId: string, itemId: string) =>
  itemReport({ jobId, itemId }, 'succeeded', 'apt', { message: 'Installed (1.0)', version: '1.0' });

/** What went on the wire, as `type item seq` lines. */
function wire(sent: AgentMessage[]): string[] {
  return sent.map((message) => {
    const seq = 'seq' in message ? message.seq : undefined;
    return message.type === 'item.progress' ? `${message.itemId} #${seq}` : `${message.type} #${seq}`;
  });
}

describe('ReportDelivery', () => {
  let dir: string;
  let store: OutcomeStore;
  let sent: AgentMessage[];
  let clock: number;
  const open = async () => {
    store = await OutcomeStore.open(dir, silent);
    const records = new Map(store.outcomes());
    return new ReportDelivery(records, { send: (message) => sent.push(message), persist: () => store.save(records), now: () => clock });
  };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadout-delivery-'));
    sent = [];
    clock = 1_000_000;
  });
  afterEach(async () => {
    await store.flushed();
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers each final report of a job in order, and sends job.done only once every one is acknowledged', async () => {
    const delivery = await open();
    await delivery.final(installed('j1', 'a'));
    await delivery.final(installed('j1', 'b'));
    await delivery.done('j1');
    expect(wire(sent)).toEqual(['a #1', 'b #2']);
    delivery.acknowledged('j1', 1);
    expect(wire(sent)).toEqual(['a #1', 'b #2']);
    delivery.acknowledged('j1', 2);
    expect(wire(sent)).toEqual(['a #1', 'b #2', 'job.done #3']);
    expect(delivery.settled).toBe(false);
    delivery.acknowledged('j1', 3);
    expect(delivery.settled).toBe(true);
  });

  it('a report lost with the connection goes again on reconnect, before job.done, and the job ends after its acknowledgement', async () => {
    const delivery = await open();
    await delivery.final(installed('j1', 'a'));
    delivery.acknowledged('j1', 1);
    // On the wire when the connection dropped: never acknowledged.
    await delivery.final(installed('j1', 'b'));
    await delivery.done('j1');
    sent = [];
    delivery.reconnected();
    expect(wire(sent)).toEqual(['b #2']);
    delivery.acknowledged('j1', 2);
    expect(wire(sent)).toEqual(['b #2', 'job.done #3']);
  });

  it('survives a restart: what was kept but not acknowledged is sent after the next welcome, in order, oldest job first', async () => {
    const before = await open();
    await before.final(installed('j1', 'a'));
    await before.final(installed('j2', 'x'));
    await before.final(installed('j1', 'b'));
    before.acknowledged('j1', 1);
    await before.done('j1');
    await store.flushed();

    sent = [];
    const after = await open();
    expect(sent).toEqual([]);
    after.reconnected();
    expect(wire(sent)).toEqual(['b #2', 'x #1']);
    after.acknowledged('j1', 2);
    expect(wire(sent)).toEqual(['b #2', 'x #1', 'job.done #3']);
  });

  it(`on a live connection, sends again what waited ${ACK_WAIT_MS / 1000} s for its acknowledgement (the server could not apply it), and only that`, async () => {
    const delivery = await open();
    await delivery.final(installed('j1', 'a'));
    clock += ACK_WAIT_MS / 2;
    await delivery.final(installed('j1', 'b'));
    delivery.resendOverdue();
    expect(wire(sent)).toEqual(['a #1', 'b #2']);
    clock += ACK_WAIT_MS / 2;
    delivery.resendOverdue();
    expect(wire(sent)).toEqual(['a #1', 'b #2', 'a #1']);
  });

  it('an acknowledgement for a job or number it does not know changes nothing', async () => {
    const delivery = await open();
    await delivery.final(installed('j1', 'a'));
    delivery.acknowledged('other', 1);
    delivery.acknowledged('j1', 7);
    sent = [];
    delivery.reconnected();
    expect(wire(sent)).toEqual(['a #1']);
  });
});
