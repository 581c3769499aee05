export const NATIVE_DIR: string;
export const NATIVE_MANIFEST: string;
export interface NativeBuildOptions {
  targets?: string[];
  env?: NodeJS.ProcessEnv;
  /** `npm start` began it in the background: the web app says so. */
  startedWithServer?: boolean;
}
export function agentNativeBuildIsStale(targetIds?: string[], env?: NodeJS.ProcessEnv): boolean;
export function buildAgentNative(options?: NativeBuildOptions): Promise<void>;
export function buildAgentNativeIfStale(options?: NativeBuildOptions): Promise<void>;
