import { app, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import type { z } from 'zod';

import { appInfoSchema, BRIDGE_CHANNELS, bridgeArgsSchemas, type LoadoutBridge } from '@shared/desktop/bridge';

import { isAppUrl } from './security';

type Operation = keyof LoadoutBridge;
type Handler = (args: unknown[]) => Promise<unknown>;

/** Thrown back to the renderer (the bridge call rejects) when a call is refused. */
export class BridgeInputError extends Error {
  override readonly name = 'BridgeInputError';
}

/** Wraps an operation so that it only ever runs on arguments its schema accepted. */
function checked<S extends z.ZodType<readonly unknown[]>, R>(
  operation: Operation,
  schema: S,
  run: (args: z.output<S>) => Promise<R>,
): Handler {
  return (args) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'invalid input';
      return Promise.reject(new BridgeInputError(`${operation} refused: ${reason}`));
    }
    return run(parsed.data);
  };
}

/** Each bridge operation; the return types are tied to LoadoutBridge so the two cannot drift. */
const handlers: Record<Operation, Handler> = {
  getAppInfo: checked('getAppInfo', bridgeArgsSchemas.getAppInfo, (): ReturnType<LoadoutBridge['getAppInfo']> =>
    Promise.resolve(appInfoSchema.parse({ version: app.getVersion(), platform: process.platform, arch: process.arch })),
  ),
  openExternal: checked('openExternal', bridgeArgsSchemas.openExternal, ([url]): ReturnType<LoadoutBridge['openExternal']> =>
    shell.openExternal(url),
  ),
};

/** One ipcMain handler per bridge operation; only frames of the app origin may call them. */
export function registerIpcHandlers(appOrigin: string): void {
  for (const operation of Object.keys(handlers) as Operation[]) {
    ipcMain.handle(BRIDGE_CHANNELS[operation], (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      // A foreign page that somehow ended up in the window must not reach the bridge.
      if (!isAppUrl(event.senderFrame?.url ?? '', appOrigin)) {
        return Promise.reject(new BridgeInputError(`${operation} refused: the caller is not the Loadout app`));
      }
      return handlers[operation](args);
    });
  }
}

export function removeIpcHandlers(): void {
  for (const channel of Object.values(BRIDGE_CHANNELS)) ipcMain.removeHandler(channel);
}
