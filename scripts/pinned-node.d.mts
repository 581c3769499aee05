export const PINNED_NODE_VERSION: string;
export const PINNED_NODE_LINE: string;
export function isPinnedLine(version?: string): boolean;
export function canFetchPinnedNode(platform?: string, arch?: string): boolean;
export function installNodeLine(version?: string, platform?: string, arch?: string): string;
export function pinnedNodeHome(): string;
export function usingPinnedLine(home: string): string;
export function runOnPinnedNode(script?: string): Promise<void>;
