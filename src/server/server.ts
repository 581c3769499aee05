import pino from 'pino';

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** `npm start`: validate configuration, migrate, serve, and shut down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // A terminal gets readable lines, made in pino-pretty's worker thread. Anything else (a file, a
  // pipe to a log collector) gets JSON written asynchronously and in batches: a write() a line
  // is a system call in every request's time (an asynchronous one a line costs more still: a
  // trip to libuv's thread pool). Lines wait until 4 KB are there or a fifth of a second has
  // passed; pino writes what is still buffered synchronously when the process exits (after a
  // shutdown, process.exit or an uncaught exception), so no line is lost then.
  const pretty = process.stdout.isTTY && config.logLevel !== 'silent';
  const app = await buildApp(config, {
    seedInBackground: true,
    logger: pretty
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }) },
  }).catch((error: unknown) => {
    process.stderr.write(`Loadout could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'EADDRINUSE' ? ': another program uses that port; set PORT to a free one' : '';
    process.stderr.write(`Loadout could not listen on ${config.host}:${config.port} (${code ?? String(error)})${hint}\n`);
    process.exit(1);
  }
  app.log.info(`Loadout is ready on ${config.publicUrl}`);
  // scripts/start.mjs waits for this to tell a crash at start from one later, and to begin its background work.
  process.send?.({ loadout: 'listening', url: config.publicUrl });
}

void main();
