export const AGENT_BUNDLE: string;
export function agentBuildIsStale(): boolean;
export function buildAgent(): Promise<void>;
export function buildAgentIfStale(): Promise<void>;
