import { UNSAFE_IN_SINGLE_LINE } from '@shared/api/common';

/**
 * The mails Loadout sends: a plain-text part (the link alone on its own line, so any mail
 * client can open it) and a simple HTML part with the same words.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const SIGNATURE = '— The Loadout team';

/**
 * The only place a person's own text enters a mail: their first name, in the greeting. Only
 * its first line is used, and only when it looks like a name (short, no address or link), so
 * it cannot start a paragraph that reads as ours ("Bob,\n\nYour account is locked…"),
 * whatever an older row holds; names are checked on the way in too (shared/api/common.ts).
 */
const NOT_A_NAME = /:\/\/|www\.|@/i;

export function greeting(firstName: string): string {
  let name = (firstName.split(UNSAFE_IN_SINGLE_LINE)[0] ?? '').slice(0, 200).trim();
  // Drop trailing punctuation by hand: `/[\s,;:]+$/` backtracks quadratically on long runs.
  while (name && ',;:'.includes(name.charAt(name.length - 1))) name = name.slice(0, -1).trimEnd();
  return name && name.length <= 40 && !NOT_A_NAME.test(name) ? `Hi ${name},` : 'Hi,';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** `action.at`: the paragraph index the button goes before (after the greeting and the first paragraph by default). */
export function html(paragraphs: string[], action?: { link: string; label: string; at?: number }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (action) {
    const href = escapeHtml(action.link);
    body.splice(
      action.at ?? 2,
      0,
      `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
      `<p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${href}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">${body.join('')}</body></html>`;
}

export function verificationMail(input: { firstName: string; link: string; hours: number }): MailContent {
  const intro = 'Please confirm your email address for your Loadout account by opening this link:';
  const expiry = `The link works once and expires in ${hoursText(input.hours)}. If it has expired, you can request a new one from Settings.`;
  const ignore = 'If you did not create a Loadout account, you can ignore this mail.';
  return {
    subject: 'Confirm your email address for Loadout',
    text: [greeting(input.firstName), '', intro, '', input.link, '', expiry, '', ignore, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), intro, expiry, ignore, SIGNATURE], { link: input.link, label: 'Confirm email address' }),
  };
}

export function passwordResetMail(input: { firstName: string; link: string; hours: number }): MailContent {
  const intro = 'Someone (hopefully you) asked to reset the password of your Loadout account. To choose a new password, open this link:';
  const expiry = `The link works once and expires in ${hoursText(input.hours)}. Choosing a new password signs you out everywhere else.`;
  const ignore = 'If you did not ask for this, you can ignore this mail: your password stays as it is.';
  return {
    subject: 'Reset your Loadout password',
    text: [greeting(input.firstName), '', intro, '', input.link, '', expiry, '', ignore, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), intro, expiry, ignore, SIGNATURE], { link: input.link, label: 'Choose a new password' }),
  };
}

export function emailChangedMail(input: {
  firstName: string;
  oldEmail: string;
  newEmail: string;
  undoLink: string;
  days: number;
}): MailContent {
  const notice = `The email address of your Loadout account was changed from ${input.oldEmail} to ${input.newEmail}. We sent a confirmation link to the new address.`;
  const undo = `If you did not make this change, open this link to put ${input.oldEmail} back and sign out every session:`;
  const expiry = `The link works once, for ${input.days} days. Then choose a new password.`;
  return {
    subject: 'Your Loadout email address was changed',
    text: [greeting(input.firstName), '', notice, '', undo, '', input.undoLink, '', expiry, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), notice, undo, expiry, SIGNATURE], {
      link: input.undoLink,
      label: 'This was not me: undo the change',
      at: 3,
    }),
  };
}

/** To the new address of an e-mail change: the account moves there once this link is opened. */
export function emailChangeConfirmMail(input: { firstName: string; link: string; hours: number }): MailContent {
  const intro = 'You asked to move your Loadout account to this email address. To confirm, open this link:';
  const expiry = `The link works once and expires in ${hoursText(input.hours)}. Until then your account keeps its old address.`;
  const ignore = 'If you did not ask for this, you can ignore this mail: nothing changes.';
  return {
    subject: 'Confirm your new email address for Loadout',
    text: [greeting(input.firstName), '', intro, '', input.link, '', expiry, '', ignore, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), intro, expiry, ignore, SIGNATURE], { link: input.link, label: 'Confirm new email address' }),
  };
}

/** To the new address of an e-mail change when that address already has an account: nothing moves. */
export function emailChangeAddressTakenMail(input: { signInLink: string }): MailContent {
  const notice =
    'Someone asked to move another Loadout account to this email address. This address already has an account, so nothing was changed.';
  const yours = `Your own account is as it was: ${input.signInLink}`;
  return {
    subject: 'Someone tried to move a Loadout account to your email address',
    text: ['Hi,', '', notice, '', yours, '', SIGNATURE].join('\n'),
    html: html(['Hi,', notice, yours, SIGNATURE]),
  };
}

/** To the owner of an address someone tried to sign up with: sign-up answers alike either way. */
export function signUpAttemptMail(input: { firstName: string; signInLink: string; resetLink: string }): MailContent {
  const notice = 'Someone tried to create a Loadout account with this email address, which already has one. Nothing was changed.';
  const ifYou = `If it was you, sign in instead: ${input.signInLink}`;
  const forgot = `Forgot your password? Choose a new one: ${input.resetLink}`;
  const ignore = 'If it was not you, you can ignore this mail.';
  return {
    subject: 'Someone tried to sign up with your email address',
    text: [greeting(input.firstName), '', notice, '', ifYou, '', forgot, '', ignore, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), notice, ifYou, forgot, ignore, SIGNATURE]),
  };
}

/** After a successful payment: what was bought, for how much, until when. No card data, no secrets. */
export function paymentReceiptMail(input: {
  firstName: string;
  planName: string;
  amount: string;
  paymentId: string;
  paidAt: string;
  validUntil: string;
  settingsLink: string;
}): MailContent {
  const intro = `Thank you for your payment. Your ${input.planName} plan is active until ${input.validUntil}.`;
  const lines = [`Plan: ${input.planName}`, `Amount: ${input.amount}`, `Date: ${input.paidAt}`, `Payment reference: ${input.paymentId}`];
  const history = 'Your payment history is in Settings:';
  return {
    subject: `Your Loadout receipt: ${input.planName}`,
    text: [greeting(input.firstName), '', intro, '', ...lines, '', history, '', input.settingsLink, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), intro, ...lines, history, SIGNATURE], {
      link: input.settingsLink,
      label: 'Open Settings',
      at: 6,
    }),
  };
}

/** The scheduler moved the account to another plan (a scheduled downgrade, or a paid period that ended). */
export function planChangedMail(input: {
  firstName: string;
  fromPlan: string;
  toPlan: string;
  /** A paid plan chosen to follow (a downgrade from Annual Premium to Premium): not paid for yet. */
  chosenPlan: string | null;
  reason: 'downgrade' | 'lapsed';
  pricingLink: string;
}): MailContent {
  const intro = input.chosenPlan
    ? `Your ${input.fromPlan} period has ended. You chose ${input.chosenPlan} to follow it: it starts once you pay for it, and until then your Loadout plan is ${input.toPlan}.`
    : input.reason === 'downgrade'
      ? `As scheduled, your Loadout plan changed from ${input.fromPlan} to ${input.toPlan}.`
      : `Your ${input.fromPlan} period has ended, so your Loadout plan is now ${input.toPlan}.`;
  const kept = "Nothing was deleted: lists and devices beyond the new plan's limits stay, read-only, until you trim them or upgrade.";
  const upgrade = input.chosenPlan ? `To start ${input.chosenPlan}, complete the payment:` : 'To change plans, open the pricing page:';
  return {
    subject: `Your Loadout plan is now ${input.toPlan}`,
    text: [greeting(input.firstName), '', intro, '', kept, '', upgrade, '', input.pricingLink, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), intro, kept, upgrade, SIGNATURE], {
      link: input.pricingLink,
      label: input.chosenPlan ? `Pay for ${input.chosenPlan}` : 'See plans',
      at: 4,
    }),
  };
}
