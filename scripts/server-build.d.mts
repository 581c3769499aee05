export const SERVER_BUNDLE: string;
export function serverBuildIsStale(): boolean;
export function buildServerIfStale(): Promise<void>;
