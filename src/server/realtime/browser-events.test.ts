import { describe, expect, it } from 'vitest';

import { LocalEventBus } from '../bus/event-bus';
import { BrowserEvents, RECENT_CHANGE_MS } from './browser-events';

describe('a browser event stream’s first word', () => {
  it('names the topics of this user that changed within the window, and no one else’s', async () => {
    const bus = new LocalEventBus();
    let now = 1_000_000;
    const events = new BrowserEvents(bus, () => now);
    await bus.publish({ type: 'user.changed', userId: 'ann', topic: 'devices', id: 'd1' });
    now += 1_000;
    await bus.publish({ type: 'user.changed', userId: 'ann', topic: 'installations', id: 'i1' });
    await bus.publish({ type: 'user.changed', userId: 'bob', topic: 'notifications', id: 'n1' });
    expect(events.recentTopics('ann')).toEqual(['devices', 'installations']);
    expect(events.recentTopics('bob')).toEqual(['notifications']);
    expect(events.recentTopics('cid')).toEqual([]);

    // Past the window a change is old news: the page read it already.
    now += RECENT_CHANGE_MS - 500;
    expect(events.recentTopics('ann')).toEqual(['installations']);
    now += 1_000;
    expect(events.recentTopics('ann')).toEqual([]);
    events.close();
  });

  it('forgets users whose changes are older than the window, so memory stays bounded', async () => {
    const bus = new LocalEventBus();
    let now = 0;
    const events = new BrowserEvents(bus, () => now);
    for (let user = 0; user < 1_000; user += 1) await bus.publish({ type: 'user.changed', userId: `u${user}`, topic: 'devices', id: 'd' });
    now += RECENT_CHANGE_MS + 1;
    await bus.publish({ type: 'user.changed', userId: 'last', topic: 'devices', id: 'd' });
    expect((events as unknown as { recent: Map<string, unknown> }).recent.size).toBe(1);
    events.close();
  });
});
