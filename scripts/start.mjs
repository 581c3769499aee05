// `npm start`: build what is missing or stale, then run the server (it migrates and seeds on start).
import { spawn } from 'node:child_process';

import { buildAgentIfStale } from './agent-build.mjs';
import { buildServerIfStale, SERVER_BUNDLE } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();
await buildServerIfStale();
// The headless agent the server serves at GET /api/client/agent.
await buildAgentIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
