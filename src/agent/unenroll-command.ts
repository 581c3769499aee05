// unenroll, and the enrolment lookups the other commands share: leaving is also uninstall's first step.
import type { Command } from './cli-args';
import { ConfigStore, isPrivileged, resolveConfigDir, type AgentConfig } from './config-store';
import { ServerRefused, ServerUnreachable, unenrollFromServer } from './enrolment';
import { EXIT, Failure } from './exit';
import { selfCommand } from './self-command';
import { insecureTransportProblem } from './transport';

const say = (line: string) => process.stdout.write(`${line}\n`);

export async function storedEnrolment(configDirOption: string | null) {
  const store = new ConfigStore(resolveConfigDir(configDirOption ?? undefined));
  const config = await store.load();
  if (!config) {
    throw new Failure(
      `This machine is not enrolled yet (nothing in ${store.dir}): run "${selfCommand(['enroll', 'LINK'], { root: isPrivileged() })}" first`,
      EXIT.notEnrolled,
    );
  }
  return { store, config };
}

/**
 * The stored enrolment for a command that sends its credential: refused first when it points at
 * a plain http:// server on another machine, unless enrolment or this command said --insecure-http.
 */
export async function enrolled(configDirOption: string | null, insecureHttp = false) {
  const found = await storedEnrolment(configDirOption);
  const problem = insecureHttp || found.config.insecureHttp ? null : insecureTransportProblem(found.config.server);
  if (problem) throw new Failure(problem, EXIT.usage);
  return found;
}

/**
 * Leaves the account: the server deactivates the machine and retires its credential (an agent
 * still running as a service is told and stops), then the enrolment is forgotten here. A server
 * that cannot be told keeps everything as it was, unless --force: forgetting only here would
 * leave the machine listed and its credential working.
 */
export async function unenroll(command: Extract<Command, { command: 'unenroll' }>): Promise<number> {
  const { store, config } = await storedEnrolment(command.configDir);
  const problem = command.insecureHttp || config.insecureHttp ? null : insecureTransportProblem(config.server);
  let left = false;
  let unreachable = false;
  let notTold: string | null = problem;
  if (!problem) {
    try {
      await unenrollFromServer(config.server, config.credential);
      left = true;
    } catch (error) {
      // 401: the server honours this credential no more (deactivated, or the account is gone).
      if (error instanceof ServerRefused && error.status === 401) left = true;
      else if (error instanceof ServerUnreachable || error instanceof ServerRefused) {
        unreachable = error instanceof ServerUnreachable;
        notTold = error.message;
      } else throw error;
    }
  }
  if (!left && !command.force) {
    const exitCode = problem ? EXIT.usage : unreachable ? EXIT.unreachable : EXIT.failed;
    throw new Failure(
      `${notTold ?? 'The server was not told'}\nNothing was forgotten: try again, or add --force to forget this machine here anyway ` +
        '(the server then still lists it until you deactivate it on the Devices screen).',
      exitCode,
    );
  }
  await store.remove();
  if (left) {
    say(`"${config.deviceName}" is deactivated on ${config.server}; its credential no longer works.`);
    say(`Forgot the enrolment (${store.file}).`);
  } else {
    say(`Forgot the enrolment with ${config.server} here only (${store.file}): the server was not told (${notTold}).`);
    say('The machine stays in your account, and its credential keeps working, until you deactivate it on the Devices screen.');
  }
  return EXIT.ok;
}

/** A replaced enrolment is retired on the server; a credential it refuses (401) is retired already. */
export async function leaveServer(config: AgentConfig): Promise<void> {
  const problem = config.insecureHttp ? null : insecureTransportProblem(config.server);
  if (problem) throw new Error(problem);
  await unenrollFromServer(config.server, config.credential).catch((error: unknown) => {
    if (!(error instanceof ServerRefused && error.status === 401)) throw error;
  });
}
