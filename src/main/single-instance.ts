import { enrolmentLinkFromArgv, parseEnrolmentLink, type DeepLinkResult } from './deep-link';

/**
 * How a `loadout://` link reaches the running client: on Windows and Linux the OS starts a
 * second instance with the link in its argv, which loses the single-instance lock and Electron
 * hands that argv to the first one ('second-instance'); on macOS the running app gets 'open-url'.
 * `DesktopController` (desktop-controller.ts) handles them.
 */

/** The part of Electron's `app` this needs; Electron's `App` satisfies it. */
export interface HandOverApp {
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
}

export interface HandOverHandlers {
  /** A link arrived: accepted with its request, or refused with a reason to show. */
  onLink(result: DeepLinkResult): void;
  /** Any second launch, link or not: the usual reaction is to show the window. */
  onSecondInstance?(): void;
}

export function handleHandOver(app: HandOverApp, handlers: HandOverHandlers): void {
  app.on('second-instance', (_event, argv) => {
    handlers.onSecondInstance?.();
    const result = enrolmentLinkFromArgv(argv);
    if (result) handlers.onLink(result);
  });
  app.on('open-url', (event, url) => {
    // Tells macOS the link was handled here.
    event.preventDefault();
    handlers.onLink(parseEnrolmentLink(url));
  });
}
