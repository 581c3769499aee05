/**
 * The mails Loadout sends: a plain-text part (the link alone on its own line, so any mail
 * client can open it) and a simple HTML part with the same words.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const SIGNATURE = '— The Loadout team';

function greeting(firstName: string): string {
  return firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

function html(paragraphs: string[], action?: { link: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (action) {
    const href = escapeHtml(action.link);
    body.splice(
      2,
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

export function emailChangedMail(input: { firstName: string; oldEmail: string; newEmail: string }): MailContent {
  const notice = `The email address of your Loadout account was changed from ${input.oldEmail} to ${input.newEmail}. We sent a confirmation link to the new address.`;
  const warning = 'If you did not make this change, reset your password right away and contact us.';
  return {
    subject: 'Your Loadout email address was changed',
    text: [greeting(input.firstName), '', notice, '', warning, '', SIGNATURE].join('\n'),
    html: html([greeting(input.firstName), notice, warning, SIGNATURE]),
  };
}
