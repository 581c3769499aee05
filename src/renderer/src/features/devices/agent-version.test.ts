import { describe, expect, it } from 'vitest';

import { agentUpdateLine } from './agent-version';

const at = '2026-11-25T12:00:00.000Z';

describe('the agent update line of a device page', () => {
  it('says what the update is doing, why it failed, what it rolled back to, and that updates are held', () => {
    expect(agentUpdateLine({ state: 'restarting', version: '0.2.0', message: 'Restarting on 0.2.0', at }, '0.1.0').text).toBe(
      'Updating to 0.2.0…',
    );
    expect(agentUpdateLine({ state: 'failed', version: '0.2.0', message: 'The download does not match', at }, '0.1.0').text).toBe(
      'Update failed: The download does not match',
    );
    expect(agentUpdateLine({ state: 'rolled-back', version: '0.2.0', message: null, at }, '0.1.0').text).toBe(
      'Rolled back to 0.1.0: 0.2.0 did not start',
    );
    expect(agentUpdateLine({ state: 'held', version: '0.2.0', message: null, at }, '0.1.0').text).toBe(
      'Updates held by the administrator (0.2.0 is available)',
    );
  });
});
