export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  listening: boolean;
  forwarded?: Set<string>;
  nodeVersion?: string;
}
export function serverExitReport(exit: ServerExit): string | null;
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null, signals: Record<string, number>): number;
