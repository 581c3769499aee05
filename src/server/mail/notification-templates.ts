import { UNSAFE_IN_SINGLE_LINE } from '@shared/api/common';

import { greeting, html, SIGNATURE, type MailContent } from './templates';

/**
 * The notification mails (failed installations, update digests, silent machines). Device names and an agent's messages are not ours: each
 * goes on a line of its own after a label ("Device: …", "- App: …"), cut to one line and a
 * bounded length, never inside a sentence of ours.
 */

const LABEL_MAX = 80;
const MESSAGE_MAX = 200;

/** First line, no control or bidi characters, at most `max` characters. */
export function oneLine(value: string | null | undefined, max: number): string {
  const line = (value ?? '').split(UNSAFE_IN_SINGLE_LINE)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Why this mail came and the one-click link that stops this kind (its token is removed in the outbox). */
function footer(reason: string, unsubscribeLink: string): string[] {
  return [`${reason} To stop these mails, open this link:`, unsubscribeLink, 'You can turn each kind back on in Settings → Notifications.'];
}

export interface FailedApp {
  appName: string;
  message: string | null;
}

export function installationFailedMail(input: {
  firstName: string;
  deviceName: string;
  failed: readonly FailedApp[];
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const intro =
    input.failed.length === 1
      ? 'An app could not be installed on one of your devices.'
      : `${input.failed.length} apps could not be installed on one of your devices.`;
  const device = `Device: ${oneLine(input.deviceName, LABEL_MAX) || 'Unnamed device'}`;
  const apps = input.failed.map((app) => {
    const message = oneLine(app.message, MESSAGE_MAX);
    return `- ${oneLine(app.appName, LABEL_MAX)}${message ? `: ${message}` : ''}`;
  });
  const see = 'See what happened and retry:';
  const [why, unsubscribe, settings] = footer('You get this mail because installation failure mails are on.', input.unsubscribeLink);
  const hi = greeting(input.firstName);
  return {
    subject: 'An installation failed on one of your devices',
    text: [hi, '', intro, '', device, 'Failed apps:', ...apps, '', see, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join(
      '\n',
    ),
    html: html([hi, intro, device, 'Failed apps:', ...apps, see, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open the installation',
      at: 5 + apps.length,
    }),
  };
}

export interface OutdatedDevice {
  deviceName: string;
  apps: readonly { appName: string; installedVersion: string; availableVersion: string }[];
}

function outdatedLines(devices: readonly OutdatedDevice[]): string[] {
  return devices.flatMap((device) => [
    `Device: ${oneLine(device.deviceName, LABEL_MAX) || 'Unnamed device'}`,
    ...device.apps.map(
      (app) =>
        `- ${oneLine(app.appName, LABEL_MAX)}: ${oneLine(app.installedVersion, LABEL_MAX)} → ${oneLine(app.availableVersion, LABEL_MAX)}`,
    ),
  ]);
}

function countApps(devices: readonly OutdatedDevice[]): number {
  return devices.reduce((sum, device) => sum + device.apps.length, 0);
}

/** At most one a day: every device with apps that have a newer version. */
export function updateDigestMail(input: {
  firstName: string;
  devices: readonly OutdatedDevice[];
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const count = countApps(input.devices);
  const intro =
    count === 1
      ? 'A newer version is available for an app on your devices:'
      : `Newer versions are available for ${count} apps on your devices:`;
  const lines = outdatedLines(input.devices);
  const update = 'Open your devices in Loadout to update them in one click:';
  const [why, unsubscribe, settings] = footer(
    'You get this mail (at most once a day) because the update digest is on.',
    input.unsubscribeLink,
  );
  const hi = greeting(input.firstName);
  return {
    subject: count === 1 ? 'An update is available for an app on your devices' : `Updates are available for ${count} apps on your devices`,
    text: [hi, '', intro, '', ...lines, '', update, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join('\n'),
    html: html([hi, intro, ...lines, update, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open my devices',
      at: 3 + lines.length,
    }),
  };
}

/** Premium: sent as soon as a device reports updates it had not reported before. */
export function updatesAvailableMail(input: {
  firstName: string;
  device: OutdatedDevice;
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const count = input.device.apps.length;
  const intro = count === 1 ? 'A device just reported a new update:' : `A device just reported ${count} new updates:`;
  const lines = outdatedLines([input.device]);
  const update = 'Update them from the device page:';
  const [why, unsubscribe, settings] = footer('You get this mail because priority notifications are on.', input.unsubscribeLink);
  const hi = greeting(input.firstName);
  return {
    subject: count === 1 ? 'New update available on one of your devices' : `${count} new updates available on one of your devices`,
    text: [hi, '', intro, '', ...lines, '', update, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join('\n'),
    html: html([hi, intro, ...lines, update, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open my devices',
      at: 3 + lines.length,
    }),
  };
}

/** Premium (advanced monitoring): a machine's agent has not reported for a day. */
export function machineSilentMail(input: {
  firstName: string;
  deviceName: string;
  hours: number;
  lastReport: string;
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const intro = `One of your machines has not reported to Loadout for more than ${input.hours} hours.`;
  const device = `Device: ${oneLine(input.deviceName, LABEL_MAX) || 'Unnamed device'}`;
  const last = `Last report: ${input.lastReport}`;
  const check = 'It may be switched off, offline, or its agent stopped. See the machine in Loadout:';
  const [why, unsubscribe, settings] = footer('You get this mail because priority notifications are on.', input.unsubscribeLink);
  const hi = greeting(input.firstName);
  return {
    subject: 'A machine has not reported for a day',
    text: [hi, '', intro, '', device, last, '', check, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join('\n'),
    html: html([hi, intro, device, last, check, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open the machine',
      at: 5,
    }),
  };
}

/** A job made for the machine's next start was cancelled at its deadline: the machine never came back. */
export function deadlinePassedMail(input: {
  firstName: string;
  deviceName: string;
  apps: string[];
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const intro = `${oneLine(input.deviceName, LABEL_MAX) || 'A machine'} did not start or connect again before the deadline you gave, so Loadout cancelled what was to run there.`;
  const lines = input.apps.slice(0, 20).map((app) => `- ${oneLine(app, LABEL_MAX)}`);
  const what = 'Nothing was changed on it. See the installation, and start it again when the machine is back:';
  const [why, unsubscribe, settings] = footer('You get this mail because failure mails are on.', input.unsubscribeLink);
  const hi = greeting(input.firstName);
  return {
    subject: `Not run on ${oneLine(input.deviceName, LABEL_MAX) || 'a machine'}: it did not start before the deadline`,
    text: [hi, '', intro, '', ...lines, '', what, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join('\n'),
    html: html([hi, intro, ...lines, what, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open the installation',
      at: 3 + lines.length,
    }),
  };
}

/** Premium (priority notifications): a policy's rollout stopped at a ring that failed past its threshold. */
export function rolloutStoppedMail(input: {
  firstName: string;
  appName: string;
  version: string;
  policyName: string;
  reason: string;
  link: string;
  unsubscribeLink: string;
}): MailContent {
  const intro = `Loadout stopped rolling out ${oneLine(input.appName, LABEL_MAX)} ${oneLine(input.version, LABEL_MAX)}: ${oneLine(input.reason, 300)}.`;
  const policy = `Policy: ${oneLine(input.policyName, LABEL_MAX)}`;
  const what = 'No more machines get this version until you resume the rollout or cancel it. See which machines failed and why:';
  const [why, unsubscribe, settings] = footer('You get this mail because priority notifications are on.', input.unsubscribeLink);
  const hi = greeting(input.firstName);
  return {
    subject: `The rollout of ${oneLine(input.appName, LABEL_MAX)} ${oneLine(input.version, LABEL_MAX)} stopped`,
    text: [hi, '', intro, '', policy, '', what, '', input.link, '', why, unsubscribe, settings, '', SIGNATURE].join('\n'),
    html: html([hi, intro, policy, what, SIGNATURE, `${why} ${unsubscribe}`, settings ?? ''], {
      link: input.link,
      label: 'Open the rollout',
      at: 4,
    }),
  };
}

/**
 * A webhook endpoint failed every attempt for a day and Loadout turned it off. Always sent (it
 * tells of a change Loadout made to the account's settings), so it has no unsubscribe link.
 */
export function webhookDisabledMail(input: { firstName: string; url: string; failingSince: string; link: string }): MailContent {
  const intro = 'Loadout turned off one of your webhook endpoints: every attempt to deliver to it has failed for a day.';
  const endpoint = `Endpoint: ${oneLine(input.url, 300)}`;
  const since = `Failing since: ${input.failingSince}`;
  const what = 'Events are not sent to it while it is off. See what it answered, fix it, and turn it on again:';
  const hi = greeting(input.firstName);
  return {
    subject: 'A webhook endpoint was turned off',
    text: [hi, '', intro, '', endpoint, since, '', what, '', input.link, '', SIGNATURE].join('\n'),
    html: html([hi, intro, endpoint, since, what, SIGNATURE], { link: input.link, label: 'Open the endpoint', at: 5 }),
  };
}
