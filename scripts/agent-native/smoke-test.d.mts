export function runWithoutNode(executable: string, args: string[]): string;
export function smokeTest(executable: string, version: string): void;
