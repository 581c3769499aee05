/**
 * A removal that takes more than this many packages besides the app's own is confirmed by typing
 * the app's name: one click must not take fifty packages (python3 takes about that many). The
 * dialog and the server both decide with these (no zod here, so the web app's chunk stays small).
 */
export const CONFIRM_BY_NAME_ABOVE_OTHERS = 5;

/** Whether confirming a removal check's answer asks for the app's name: more than a few other packages go with it. */
export const confirmsByName = (check: { removes: readonly { name: string }[]; packageId: string | null }): boolean =>
  check.removes.filter((entry) => entry.name !== check.packageId).length > CONFIRM_BY_NAME_ABOVE_OTHERS;

/** The typed name matches the app's: surrounding spaces are forgiven, nothing else (as GitHub's delete confirmation). */
export const nameConfirmed = (typed: string | undefined, appName: string): boolean =>
  typed !== undefined && typed.trim() === appName.trim();
