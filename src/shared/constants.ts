/** The product's timing and size constants (docs/decisions.md#the-products-words-and-screens), in milliseconds unless named otherwise. */
export const TIMING = {
  pingIntervalMs: 300_000,
  activityUpdateIntervalMs: 60_000,
  logoutNotificationPollMs: 30_000,
  tokenDrivenRefreshMs: 30_000,
  tokenDrivenRefreshTimes: 10,
  feedbackThankYouMs: 3_000,
  feedbackResetMs: 300,
  feedbackPulseDelayMs: 500,
  downloadDialogCloseMs: 1_000,
  resetLinkModalCloseMs: 2_000,
  notificationDefaultMs: 6_000,
  toastDefaultMs: 5_000,
  toastVerificationHintMs: 8_000,
  toastThirdPartySignInMs: 10_000,
  desktopDownloadTimeoutMs: 300_000,
  secondClientTimeoutMs: 10_000,
  downgradeRefreshDelayMs: 1_000,
} as const;

export const LIMITS = {
  deviceNameMax: 255,
  iconMaxPx: 256,
  iconMaxBytes: 102_400,
  deviceIdHashLength: 12,
  registrationTokenHours: 24,
} as const;

/** Lifetimes of what the server issues. */
export const TOKEN_TTL = {
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 30,
  verifyEmailHours: 48,
  resetPasswordHours: 1,
  /** The link mailed to the old address after an e-mail change. */
  undoEmailChangeDays: 7,
} as const;
