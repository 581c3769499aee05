// One child process for the build: an argument array (never a shell), output shown only when it fails.
import { spawnSync } from 'node:child_process';

export function run(command, args, { cwd, allowExit = [0], input, env } = {}) {
  const result = spawnSync(command, args, { cwd, input, env: env ?? process.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (!allowExit.includes(result.status ?? -1)) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}
