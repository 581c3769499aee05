import { useCallback, useEffect, useRef } from 'react';

import { TIMING } from '@shared/constants';

/**
 * Token-driven refresh: after a token is generated the device list is refetched
 * every 30 s, up to 10 times, so a machine enrolling with it shows up. Returns the starter.
 */
export function useTokenDrivenRefresh(refetch: () => void): () => void {
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  return useCallback(() => {
    stop();
    let runs = 0;
    timer.current = setInterval(() => {
      runs += 1;
      refetchRef.current();
      if (runs >= TIMING.tokenDrivenRefreshTimes) stop();
    }, TIMING.tokenDrivenRefreshMs);
  }, [stop]);
}
