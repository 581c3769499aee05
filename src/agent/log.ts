/** One line per event on stderr (journald, launchd and the console all keep it); never a credential. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function consoleLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  const line = (level: string, message: string) => stream.write(`${new Date().toISOString()} ${level} ${message}\n`);
  return {
    info: (message) => line('info ', message),
    warn: (message) => line('warn ', message),
    error: (message) => line('error', message),
  };
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
