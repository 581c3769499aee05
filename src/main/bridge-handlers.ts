import type { z } from 'zod';

import {
  agentStatusSchema,
  appInfoSchema,
  bridgeArgsSchemas,
  enrolmentResultSchema,
  hardwareFingerprintSchema,
  type AgentStatus,
  type BridgeCall,
  type EnrolmentRequest,
  type EnrolmentResult,
} from '@shared/desktop/bridge';

/** Thrown back to the renderer (the bridge call rejects) when a call is refused. */
export class BridgeInputError extends Error {
  override readonly name = 'BridgeInputError';
}

export type BridgeHandler = (args: unknown[]) => Promise<unknown>;

/** What the bridge answers from; main wires Electron and the agent host, the desktop e2e test the same host. */
export interface BridgeDeps {
  appInfo(): { version: string; platform: NodeJS.Platform; arch: string };
  openExternal(url: string): Promise<void>;
  /** The hashed machine id, undefined when the OS gives none. */
  hardwareFingerprint(): Promise<string | undefined>;
  agent: {
    readonly status: AgentStatus;
    enroll(request: EnrolmentRequest): Promise<EnrolmentResult>;
    unenroll(): Promise<AgentStatus>;
  };
  /** The server the window shows: the window enrols with it, never with one the page names. */
  serverUrl(): string;
}

/** Wraps an operation so that it only ever runs on arguments its schema accepted. */
function checked<S extends z.ZodType<readonly unknown[]>, R>(operation: BridgeCall, schema: S, run: (args: z.output<S>) => Promise<R>) {
  return (args: unknown[]): Promise<R> => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'invalid input';
      return Promise.reject(new BridgeInputError(`${operation} refused: ${reason}`));
    }
    return run(parsed.data);
  };
}

/**
 * One handler per bridge call: arguments validated with the shared schemas (a compromised page
 * can send anything), answers checked against the same contract the web app reads.
 */
export function createBridgeHandlers(deps: BridgeDeps): Record<BridgeCall, BridgeHandler> {
  return {
    getAppInfo: checked('getAppInfo', bridgeArgsSchemas.getAppInfo, async () => appInfoSchema.parse(deps.appInfo())),
    openExternal: checked('openExternal', bridgeArgsSchemas.openExternal, async ([url]) => {
      await deps.openExternal(url);
    }),
    getHardwareFingerprint: checked('getHardwareFingerprint', bridgeArgsSchemas.getHardwareFingerprint, async () => {
      const parsed = hardwareFingerprintSchema.safeParse(await deps.hardwareFingerprint());
      return parsed.success ? parsed.data : null;
    }),
    getAgentStatus: checked('getAgentStatus', bridgeArgsSchemas.getAgentStatus, async () => agentStatusSchema.parse(deps.agent.status)),
    enroll: checked('enroll', bridgeArgsSchemas.enroll, async ([{ code }]) =>
      enrolmentResultSchema.parse(await deps.agent.enroll({ server: deps.serverUrl(), code })),
    ),
    unenroll: checked('unenroll', bridgeArgsSchemas.unenroll, async () => agentStatusSchema.parse(await deps.agent.unenroll())),
  };
}
