// `npm start`: build what is missing, then run the server (it migrates and seeds on start).
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './web-build.mjs';

buildWebIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
