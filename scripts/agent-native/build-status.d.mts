export const BUILD_STATUS_FILE: string;
interface Target {
  platform: string;
  arch: string;
}
export function markBuilding(dir: string, targets: Target[], startedWithServer: boolean): void;
export function markFailed(dir: string, targets: Target[], startedWithServer: boolean): void;
export function clearBuildStatus(dir: string): void;
