// What `npm start` prints when the server process ends: one readable line, never silence. A
// process killed by a signal prints nothing itself (a segmentation fault in a native module
// leaves no trace on the console), so the cause is named here.
const SIGNAL_CAUSES = {
  SIGSEGV: 'a segmentation fault: Node.js or a native module (better-sqlite3, sharp, argon2) crashed',
  SIGBUS: 'a bus error: Node.js or a native module crashed',
  SIGILL: 'an illegal instruction: a native module built for another processor',
  SIGFPE: 'an arithmetic fault in Node.js or a native module',
  SIGABRT: 'an abort: an assertion in Node.js or a native module failed (the lines above may say which)',
  SIGKILL: 'killed outright, by another program or by the system when memory ran out',
  SIGTERM: 'asked to stop by another program',
  SIGINT: 'interrupted',
  SIGHUP: 'its terminal went away',
};

/**
 * The line for a server that exited with code or was killed by signal; null for a stop that was
 * asked for (a signal this script forwarded, or a clean exit after listening).
 * listening: it had said it was ready; forwarded: the signals this script passed on to it.
 */
export function serverExitReport({ code, signal, listening, forwarded = new Set(), nodeVersion = process.version }) {
  if (signal) {
    if (forwarded.has(signal)) return null;
    const when = listening ? 'The server stopped' : 'The server stopped before it was listening';
    return `${when}: ${signal}, ${SIGNAL_CAUSES[signal] ?? 'a signal it does not handle'} (Node.js ${nodeVersion}).`;
  }
  if (code === 0) return listening || forwarded.size > 0 ? null : 'The server exited before it was listening, without an error.';
  if (!listening) return `The server could not start (exit code ${code}): the message above says why.`;
  return `The server stopped with exit code ${code}: the messages above say why.`;
}

/** The exit code for `npm start` itself: the server's, or 128 + the signal's number as a shell reports it. */
export function exitCodeOf(code, signal, signals) {
  if (code !== null && code !== undefined) return code;
  return 128 + (signals[signal] ?? 0);
}
