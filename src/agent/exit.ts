/**
 * Exit codes (also in --help): systemd does not restart the agent after 3 or 78. 75 (another
 * agent holds this enrolment) is restarted: the service takes over once that agent stops.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, notEnrolled: 3, unreachable: 4, alreadyRunning: 75, deactivated: 78 } as const;

/** A failure that has its own exit code and one line for people. */
export class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}
