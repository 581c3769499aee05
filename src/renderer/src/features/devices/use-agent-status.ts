import { useEffect, useState } from 'react';

import type { AgentStatus, LoadoutBridge } from '@shared/desktop/bridge';

export interface AgentStatusState {
  /** Null until the desktop client first answers (and always in a browser). */
  status: AgentStatus | null;
  /** The desktop client did not answer `getAgentStatus`. */
  failed: boolean;
  /** For answers that carry a newer status (enrol, unenrol) before the event arrives. */
  setStatus: (status: AgentStatus) => void;
}

/**
 * This computer's agent, kept live: the first status from `getAgentStatus`, then every
 * `status` event. Does nothing without a bridge (a browser), so it can be called unconditionally.
 */
export function useAgentStatus(bridge: LoadoutBridge | null): AgentStatusState {
  const [status, setStatus] = useState<AgentStatus | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!bridge) return;
    let active = true;
    // Subscribe before asking: a change between the two would otherwise be missed. An event
    // that arrives before the answer is the newer of the two, so the answer then yields to it.
    let heardEvent = false;
    const unsubscribe = bridge.onAgentEvent((event) => {
      if (!active || event.type !== 'status') return;
      heardEvent = true;
      setFailed(false);
      setStatus(event.status);
    });
    bridge.getAgentStatus().then(
      (first) => {
        if (active && !heardEvent) setStatus(first);
      },
      () => {
        if (active && !heardEvent) setFailed(true);
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [bridge]);

  return { status, failed, setStatus };
}
