/**
 * The error codes, without zod: the web app's first route switches on them (the 401 policy of
 * lib/api-client.ts) and must not load zod to do so. errors.ts re-exports everything here.
 */
/**
 * Every error code the API answers with. The device and token codes are the product's own
 * (its clients already switch on them); the account codes are ours. Clients switch on the code, never on the message.
 */
export const ErrorCode = {
  // generic
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  FORBIDDEN: 'FORBIDDEN',
  // authentication
  AUTHENTICATION_REQUIRED: 'AUTHENTICATION_REQUIRED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_REVOKED: 'TOKEN_REVOKED',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  // account
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  INVALID_CURRENT_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  INCORRECT_PASSWORD: 'INCORRECT_PASSWORD',
  ACCOUNT_ACTION_REQUIRED: 'ACCOUNT_ACTION_REQUIRED',
  EMAIL_TOKEN_INVALID: 'EMAIL_TOKEN_INVALID',
  EMAIL_TOKEN_EXPIRED: 'EMAIL_TOKEN_EXPIRED',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  // third-party sign-in
  GOOGLE_LOGIN_UNAVAILABLE: 'GOOGLE_LOGIN_UNAVAILABLE',
  GOOGLE_TOKEN_INVALID: 'GOOGLE_TOKEN_INVALID',
  // catalogue and lists
  CATEGORY_NOT_FOUND: 'CATEGORY_NOT_FOUND',
  CATEGORY_NOT_EMPTY: 'CATEGORY_NOT_EMPTY',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  APP_EXISTS: 'APP_EXISTS',
  INVALID_IMAGE: 'INVALID_IMAGE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  LIST_NOT_FOUND: 'LIST_NOT_FOUND',
  LIST_LIMIT_REACHED: 'LIST_LIMIT_REACHED',
  LIST_APP_LIMIT_REACHED: 'LIST_APP_LIMIT_REACHED',
  LIST_READ_ONLY: 'LIST_READ_ONLY',
  APP_ALREADY_IN_LIST: 'APP_ALREADY_IN_LIST',
  /** 403: the account has MAX_OWN_APPS own apps already. */
  OWN_APP_LIMIT_REACHED: 'OWN_APP_LIMIT_REACHED',
  /** 409: another of your own apps has one of these package ids already. */
  OWN_APP_EXISTS: 'OWN_APP_EXISTS',
  /** 404: a share link that is unknown, malformed or of a list no longer shared (one answer for all three). */
  SHARED_LIST_NOT_FOUND: 'SHARED_LIST_NOT_FOUND',
  LAST_ADMIN: 'LAST_ADMIN',
  // devices (the product's codes)
  DEVICE_DEACTIVATED: 'DEVICE_DEACTIVATED',
  DEVICE_DEACTIVATED_REMOTELY: 'DEVICE_DEACTIVATED_REMOTELY',
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  DEVICE_LIMIT_REACHED: 'DEVICE_LIMIT_REACHED',
  DEVICE_ID_REQUIRED: 'DEVICE_ID_REQUIRED',
  DEVICE_ALREADY_REGISTERED: 'DEVICE_ALREADY_REGISTERED',
  /** force-delete of a device that is still active (deactivate it first). */
  DEVICE_STILL_ACTIVE: 'DEVICE_STILL_ACTIVE',
  NOT_ADMIN_DEVICE: 'NOT_ADMIN_DEVICE',
  ADMIN_DEVICE_PROTECTED: 'ADMIN_DEVICE_PROTECTED',
  LAST_ADMIN_DEVICE: 'LAST_ADMIN_DEVICE',
  DEVICE_DEACTIVATION_COOLDOWN: 'DEVICE_DEACTIVATION_COOLDOWN',
  DEACTIVATION_COOLDOWN: 'DEACTIVATION_COOLDOWN',
  DEVICE_DEACTIVATION_RATE_LIMIT: 'DEVICE_DEACTIVATION_RATE_LIMIT',
  TOKEN_RATE_LIMIT: 'TOKEN_RATE_LIMIT',
  TOKEN_NOT_FOUND: 'TOKEN_NOT_FOUND',
  REGISTRATION_CODE_INVALID: 'REGISTRATION_CODE_INVALID',
  REGISTRATION_CODE_EXPIRED: 'REGISTRATION_CODE_EXPIRED',
  REGISTRATION_CODE_USED_UP: 'REGISTRATION_CODE_USED_UP',
  NO_SEATS_AVAILABLE: 'NO_SEATS_AVAILABLE',
  // installations
  INSTALLATION_NOT_FOUND: 'INSTALLATION_NOT_FOUND',
  /** Only active, token-enrolled remote machines receive installations. */
  DEVICE_NOT_ELIGIBLE: 'DEVICE_NOT_ELIGIBLE',
  LIST_EMPTY: 'LIST_EMPTY',
  NOTHING_TO_RETRY: 'NOTHING_TO_RETRY',
  /** 409: the device's agent is not connected, so it cannot be asked now (it reports when it connects). */
  DEVICE_OFFLINE: 'DEVICE_OFFLINE',
  /** A removal check that is not this user's, this device's, or no longer exists. */
  REMOVAL_CHECK_NOT_FOUND: 'REMOVAL_CHECK_NOT_FOUND',
  /** An uninstall confirmed from a removal check that does not fit it (unanswered, refused, stale, other app). */
  REMOVAL_NOT_CONFIRMED: 'REMOVAL_NOT_CONFIRMED',
  /** A machine search that is not this user's, this device's, or no longer exists. */
  DEVICE_SEARCH_NOT_FOUND: 'DEVICE_SEARCH_NOT_FOUND',
  /** The package file of the desktop client for that platform is not on this server. */
  CLIENT_BUILD_NOT_FOUND: 'CLIENT_BUILD_NOT_FOUND',
  /** A WebSocket address called without the upgrade. */
  UPGRADE_REQUIRED: 'UPGRADE_REQUIRED',
  /** The event stream called without Accept: text/event-stream. */
  NOT_ACCEPTABLE: 'NOT_ACCEPTABLE',
  INVALID_MAX_USES: 'INVALID_MAX_USES',
  // payments and plan changes
  /** The amount sent is not the catalogue price of the plan. */
  AMOUNT_MISMATCH: 'AMOUNT_MISMATCH',
  /** Unknown payment intent, or another user's (404 either way). */
  PAYMENT_INTENT_NOT_FOUND: 'PAYMENT_INTENT_NOT_FOUND',
  /** The provider says the intent has not succeeded (declined, still requires action…). */
  PAYMENT_NOT_SUCCEEDED: 'PAYMENT_NOT_SUCCEEDED',
  /** The intent already paid for a plan change; a payment is used once. */
  PAYMENT_ALREADY_USED: 'PAYMENT_ALREADY_USED',
  /** The intent was paid for another plan than the one asked for. */
  PAYMENT_PLAN_MISMATCH: 'PAYMENT_PLAN_MISMATCH',
  /** Card errors (Stripe's codes, upper-cased) as the sandbox reports them. */
  CARD_DECLINED: 'CARD_DECLINED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  /** The card needs 3-D Secure authentication, which was not completed. */
  CARD_AUTHENTICATION_REQUIRED: 'CARD_AUTHENTICATION_REQUIRED',
  /** Stripe-Signature missing or wrong on the webhook. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  /** Payments are not configured for that provider (e.g. the Stripe webhook without a secret). */
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  NOT_AN_UPGRADE: 'NOT_AN_UPGRADE',
  NOT_A_DOWNGRADE: 'NOT_A_DOWNGRADE',
  NO_DOWNGRADE_SCHEDULED: 'NO_DOWNGRADE_SCHEDULED',
  /** 403: the device is past the plan's seat limit (after a downgrade); deactivate devices to use it. */
  DEVICE_OVER_SEAT_LIMIT: 'DEVICE_OVER_SEAT_LIMIT',
  // plans and API keys
  /** The caller's plan does not include this feature (API keys on the free plan). */
  PLAN_FEATURE_REQUIRED: 'PLAN_FEATURE_REQUIRED',
  API_KEY_NOT_FOUND: 'API_KEY_NOT_FOUND',
  API_KEY_LIMIT: 'API_KEY_LIMIT',
  /** 401: an API key that is unknown or revoked. */
  API_KEY_INVALID: 'API_KEY_INVALID',
  /** 403: an account-sensitive call made with an API key; it needs a signed-in session. */
  SESSION_REQUIRED: 'SESSION_REQUIRED',
  // update policies (premium)
  POLICY_NOT_FOUND: 'POLICY_NOT_FOUND',
  /** 409: the account, device, group or list has a policy already; change that one. */
  POLICY_EXISTS: 'POLICY_EXISTS',
  ROLLOUT_NOT_FOUND: 'ROLLOUT_NOT_FOUND',
  /** 409: resuming a rollout that is not stopped, or cancelling one that ended. */
  ROLLOUT_NOT_STOPPED: 'ROLLOUT_NOT_STOPPED',
  ROLLOUT_ENDED: 'ROLLOUT_ENDED',
  /** 400: security-only updates on a machine whose managers cannot tell them apart (only apt can). */
  SECURITY_ONLY_UNAVAILABLE: 'SECURITY_ONLY_UNAVAILABLE',
  /** 400: not an IANA time zone this server knows (Intl). */
  INVALID_TIME_ZONE: 'INVALID_TIME_ZONE',
  // device groups (annual premium)
  GROUP_NOT_FOUND: 'GROUP_NOT_FOUND',
  /** 409: the account has a group of that name already. */
  GROUP_EXISTS: 'GROUP_EXISTS',
  /** 400: the account has GROUPS_MAX groups. */
  GROUP_LIMIT_REACHED: 'GROUP_LIMIT_REACHED',
  /** 400: the group holds GROUP_LISTS_MAX lists. */
  GROUP_LIST_LIMIT: 'GROUP_LIST_LIMIT',
  /** 409: the machine is in the group by its rule; change the rule to leave it out. */
  GROUP_RULE_MEMBER: 'GROUP_RULE_MEMBER',
  /** 409: bringing back in line found nothing to install or update. */
  GROUP_IN_LINE: 'GROUP_IN_LINE',
  /** 404: no open removal of that id in the group. */
  GROUP_REMOVAL_NOT_FOUND: 'GROUP_REMOVAL_NOT_FOUND',
  /** 404: no generation of that number on the machine. */
  GENERATION_NOT_FOUND: 'GENERATION_NOT_FOUND',
  /** 409: a rollback named an app its plan (as it is now) does not offer to run. */
  ROLLBACK_NOT_OFFERED: 'ROLLBACK_NOT_OFFERED',
  // outgoing webhooks (premium)
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  WEBHOOK_DELIVERY_NOT_FOUND: 'WEBHOOK_DELIVERY_NOT_FOUND',
  /** 400: the account has WEBHOOK_ENDPOINTS_MAX endpoints. */
  WEBHOOK_LIMIT_REACHED: 'WEBHOOK_LIMIT_REACHED',
  /** 400: the address is not a public HTTPS one (loopback, private, link-local… after DNS), or its host is not found. */
  WEBHOOK_ADDRESS_NOT_ALLOWED: 'WEBHOOK_ADDRESS_NOT_ALLOWED',
  /** 409: the endpoint is turned off; turn it on to send to it. */
  WEBHOOK_DISABLED: 'WEBHOOK_DISABLED',
  // notifications
  /** 400: a one-click unsubscribe link whose token is not valid (altered or from another server). */
  UNSUBSCRIBE_TOKEN_INVALID: 'UNSUBSCRIBE_TOKEN_INVALID',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * 401s that are about a password the user typed, not about the session: the web client
 * must not log out or refresh on these (docs/decisions.md, "One HTTP client, one 401 policy").
 */
export const ACCOUNT_401_CODES: readonly string[] = [
  ErrorCode.INVALID_CURRENT_PASSWORD,
  ErrorCode.INCORRECT_PASSWORD,
  ErrorCode.INVALID_CREDENTIALS,
];
/** 401 codes after which the client clears credentials and shows why on sign-in (api/sign-out-reasons.ts). */
export const FORCED_LOGOUT_CODES: readonly string[] = [
  ErrorCode.DEVICE_DEACTIVATED,
  ErrorCode.DEVICE_DEACTIVATED_REMOTELY,
  ErrorCode.TOKEN_REVOKED,
];
