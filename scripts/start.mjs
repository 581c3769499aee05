// `npm start`: on the pinned Node (fetched and re-run by pinned-node.mjs when this is another
// line), build what is missing or stale, run the server (it migrates and seeds on start), then
// build the native agent for this machine in the background. Whatever ends the server, one line
// says why: a crash never leaves `npm start` silent.
import { constants } from 'node:os';

import { runOnPinnedNode } from './pinned-node.mjs';

// Before anything that may load better-sqlite3: on Node 20 it dies of a segmentation fault.
await runOnPinnedNode();

const { spawn } = await import('node:child_process');
const { buildAgentIfStale } = await import('./agent-build.mjs');
const { buildOwnAgentInBackground } = await import('./agent-native-background.mjs');
const { buildServerIfStale, SERVER_BUNDLE } = await import('./server-build.mjs');
const { exitCodeOf, serverExitReport } = await import('./server-exit.mjs');
const { buildWebIfStale } = await import('./web-build.mjs');

buildWebIfStale();
await buildServerIfStale();
// The headless agent the server serves at GET /api/client/agent.
await buildAgentIfStale();

// The IPC channel carries one message: the server saying it listens (src/server/server.ts).
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
let listening = false;
let background = null;
server.on('message', (message) => {
  if (message?.loadout !== 'listening' || listening) return;
  listening = true;
  background = buildOwnAgentInBackground();
});

const forwarded = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    forwarded.add(signal);
    server.kill(signal);
  });
}
server.on('error', (error) => {
  console.error(`The server could not be started: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  background?.kill('SIGTERM');
  const report = serverExitReport({ code, signal, listening, forwarded });
  if (report) console.error(report);
  process.exit(exitCodeOf(code, signal, constants.signals));
});
