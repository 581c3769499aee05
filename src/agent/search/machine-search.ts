import { AGENT_MESSAGE_MAX_BYTES, type AgentMessage, type ManagerName, type ServerMessage } from '@shared/agent/protocol';
import { isValidSearchQuery } from '@shared/machine-search';

import type { Installer } from '../installers/installer';
import type { Logger } from '../log';
import { oneLine } from '../safe-text';

type SearchRequest = Extract<ServerMessage, { type: 'search.request' }>;
type SearchResults = Extract<AgentMessage, { type: 'search.results' }>;

/** Room in a frame for one manager's answer: the server closes a connection that sends a larger frame. */
const FRAME_BUDGET = AGENT_MESSAGE_MAX_BYTES - 2_048;

/**
 * The answer as one frame carries it: 50 results of long non-Latin names and descriptions could
 * pass the frame limit, so the last (least close) results are left out and the answer says so.
 */
export function fittedToFrame(message: SearchResults): SearchResults {
  if (Buffer.byteLength(JSON.stringify(message)) <= FRAME_BUDGET) return message;
  const results = [...message.results];
  let size = Buffer.byteLength(JSON.stringify({ ...message, results: [] }));
  const kept: typeof results = [];
  for (const result of results) {
    size += Buffer.byteLength(JSON.stringify(result)) + 1;
    if (size > FRAME_BUDGET) break;
    kept.push(result);
  }
  return { ...message, results: kept, truncated: true };
}

/**
 * Searches this machine's package managers for the server: one search at a time (a new one stops
 * the running one, whose answers are then never sent), every manager that can search at once,
 * each answering as soon as it has. Searches only read the managers' sources and take no lock,
 * so they run beside an install rather than in the lane behind it: a search that waited half an
 * hour for an install to finish would be no use to the person waiting at the screen.
 */
export class MachineSearch {
  private running: { searchId: string; controller: AbortController; done: Promise<void> } | null = null;

  constructor(
    private readonly options: {
      installers: ReadonlyMap<ManagerName, Installer>;
      send: (message: AgentMessage) => void;
      log: Pick<Logger, 'warn'>;
    },
  ) {}

  /** Starts `request`, stopping the one running; resolves when it has answered (or was stopped). */
  start(request: SearchRequest): Promise<void> {
    this.stop();
    const controller = new AbortController();
    const done = this.run(request, controller.signal);
    this.running = { searchId: request.searchId, controller, done };
    return done;
  }

  stop(): void {
    this.running?.controller.abort();
    this.running = null;
  }

  private async run({ searchId, query }: SearchRequest, signal: AbortSignal): Promise<void> {
    const { installers, send, log } = this.options;
    // The server checked it; the agent checks again before anything runs.
    if (!isValidSearchQuery(query)) {
      log.warn('Refused a search whose query is not valid: nothing was run');
      send({ type: 'search.done', searchId });
      return;
    }
    const searching = [...installers.values()].filter((installer) => installer.search !== undefined);
    await Promise.all(
      searching.map(async (installer) => {
        let message: SearchResults;
        try {
          const found = await installer.search!(query, signal);
          message = { type: 'search.results', searchId, manager: installer.name, ...found };
        } catch (error) {
          message = {
            type: 'search.results',
            searchId,
            manager: installer.name,
            results: [],
            truncated: false,
            error: oneLine(`${installer.name} could not search: ${(error as Error).message}`, 500),
          };
        }
        if (!signal.aborted) send(fittedToFrame(message));
      }),
    );
    if (signal.aborted) return;
    send({ type: 'search.done', searchId });
    if (this.running?.searchId === searchId) this.running = null;
  }
}
