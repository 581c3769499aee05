export function webBuildIsStale(): boolean;
export function buildWebIfStale(): void;
export function newestMtime(path: string): number;
