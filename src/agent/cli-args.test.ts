import { describe, expect, it } from 'vitest';

import { AGENT_INVENTORY_INTERVAL_MS, AGENT_INVENTORY_MAX_HOURS, MANAGER_NAMES, TIMER_MAX_MS } from '@shared/agent/protocol';
import { DEVICE_TAG_MESSAGE, DEVICE_TAGS_MAX } from '@shared/device-tags';
import { HOUR_MS } from '@shared/time';

import { parseCommand, parseRegistrationLink, usage } from './cli-args';

describe('parseCommand', () => {
  it('reads enroll with --server and --code', () => {
    expect(parseCommand(['enroll', '--server', 'https://loadout.example.com/', '--code', ' ABCD-EFGH ', '--name', 'Build box'])).toEqual({
      command: 'enroll',
      server: 'https://loadout.example.com',
      code: 'ABCD-EFGH',
      name: 'Build box',
      configDir: null,
      insecureHttp: false,
    });
  });

  it('takes the copied registration link in place of --server and --code', () => {
    expect(parseCommand(['enroll', 'https://loadout.example.com/devices/enroll?code=ABCD-EFGH', '--config-dir', '/tmp/a'])).toEqual({
      command: 'enroll',
      server: 'https://loadout.example.com',
      code: 'ABCD-EFGH',
      name: null,
      configDir: '/tmp/a',
      insecureHttp: false,
    });
    expect(parseRegistrationLink('http://10.0.0.5:3000/loadout/devices/enroll?code=A%2FB')).toEqual({
      server: 'http://10.0.0.5:3000/loadout',
      code: 'A/B',
    });
  });

  it.each([
    [['enroll'], /needs --server URL and --code CODE/],
    [['enroll', '--server', 'https://x.example'], /needs --server URL and --code CODE/],
    [['enroll', 'https://x.example/devices/enroll'], /is not a registration link/],
    [['enroll', 'https://x.example/other?code=A'], /is not a registration link/],
    [['enroll', 'ftp://x.example/devices/enroll?code=A'], /is not a registration link/],
    [['enroll', 'https://x.example/devices/enroll?code=A', '--code', 'B'], /either a registration link or --server and --code/],
    [['enroll', '--server', 'x.example', '--code', 'A'], /--server must be the server's address/],
    [['enroll', '--server', 'file:///etc', '--code', 'A'], /--server must start with https:\/\//],
    [['run', '--installer', 'pacman'], new RegExp(`--installer must be one of ${MANAGER_NAMES.join(', ')}$`)],
    [['run', '--inventory-hours', '0'], /--inventory-hours must be a number of hours/],
    [['run', '--inventory-hours', 'soon'], /--inventory-hours must be a number of hours/],
    [['run', '--code', 'A'], /run does not take --code/],
    [['run', 'now'], /run does not take "now"/],
    [['status', '--bogus'], /Unknown option '--bogus'/],
    [['fly'], /Unknown command "fly"/],
    [['service'], /service needs install or uninstall/],
    [['service', 'uninstall', '--installer', 'apt'], /service uninstall takes only --config-dir/],
  ])('refuses %j with a sentence', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });

  it('reads run with its defaults and options', () => {
    expect(parseCommand(['run'])).toEqual({
      command: 'run',
      configDir: null,
      installer: null,
      inventoryIntervalMs: AGENT_INVENTORY_INTERVAL_MS,
      simulateDelayMs: 0,
      insecureHttp: false,
      tags: [],
    });
    expect(parseCommand(['run', '--installer', 'simulated', '--inventory-hours', '0.5', '--simulate-delay-ms', '200'])).toMatchObject({
      installer: 'simulated',
      inventoryIntervalMs: 30 * 60_000,
      simulateDelayMs: 200,
    });
  });

  it('holds every delay option to what its timer can take (setInterval past 2^31-1 ms fires every millisecond)', () => {
    expect(AGENT_INVENTORY_MAX_HOURS * HOUR_MS).toBeLessThanOrEqual(TIMER_MAX_MS);
    const hours = (value: string) => parseCommand(['run', '--inventory-hours', value]);
    expect(hours('0.1')).toMatchObject({ inventoryIntervalMs: 6 * 60_000 });
    expect(hours('504')).toMatchObject({ inventoryIntervalMs: 504 * HOUR_MS });
    const range = '--inventory-hours must be a number of hours from 0.1 to 504 (three weeks)';
    for (const value of ['0.09', '504.01', '596.6', '720', '99999999']) {
      expect(() => hours(value), value).toThrow(range);
    }
    expect(() => parseCommand(['service', 'install', '--inventory-hours', '720'])).toThrow(range);

    const delay = (value: string) => parseCommand(['run', '--simulate-delay-ms', value]);
    expect(delay('0')).toMatchObject({ simulateDelayMs: 0 });
    expect(delay('3600000')).toMatchObject({ simulateDelayMs: 3_600_000 });
    for (const value of ['3600001', '2147483648', '1.5']) {
      expect(() => delay(value), value).toThrow('--simulate-delay-ms must be a whole number of milliseconds from 0 to 3600000');
    }
  });

  it('passes the run options on to the service it installs', () => {
    expect(parseCommand(['service', 'install', '--config-dir', '/etc/x', '--installer', 'apt', '--inventory-hours', '2'])).toEqual({
      command: 'service',
      action: 'install',
      configDir: '/etc/x',
      runArgs: ['--installer', 'apt', '--inventory-hours', '2'],
    });
  });

  it('reads --tag repeated or comma-separated, trimmed, lower-cased and each once', () => {
    expect(parseCommand(['run', '--tag', 'office'])).toMatchObject({ command: 'run', tags: ['office'] });
    expect(parseCommand(['run', '--tag', 'Office', '--tag', ' lab ', '--tag', 'build_2.x'])).toMatchObject({
      tags: ['office', 'lab', 'build_2.x'],
    });
    expect(parseCommand(['run', '--tag', 'office, Lab,kiosk-1'])).toMatchObject({ tags: ['office', 'lab', 'kiosk-1'] });
    expect(parseCommand(['run', '--tag', 'office,lab', '--tag', 'OFFICE', '--tag', 'lab'])).toMatchObject({ tags: ['office', 'lab'] });
  });

  it('refuses a tag that is not one, naming the rule, and more tags than a machine may report', () => {
    for (const tag of ['has space', '-leading-dash', '.hidden', 'ünïcode', 'a/b', 'x'.repeat(41)]) {
      // `--tag=…`: node:util refuses `--tag -x` (the value looks like an option) before the tag is checked.
      expect(() => parseCommand(['run', `--tag=${tag}`]), tag).toThrow(DEVICE_TAG_MESSAGE);
    }
    expect(() => parseCommand(['run', '--tag', 'office,has space'])).toThrow('--tag "has space" is not a tag');
    expect(parseCommand(['run', '--tag', 'x'.repeat(40)])).toMatchObject({ tags: ['x'.repeat(40)] });
    for (const value of ['', ' ', 'office,', 'office,,lab']) {
      expect(() => parseCommand(['run', '--tag', value]), JSON.stringify(value)).toThrow('--tag needs a name');
    }

    const names = (count: number) => Array.from({ length: count }, (_, index) => `t${index}`);
    expect(parseCommand(['run', '--tag', names(DEVICE_TAGS_MAX).join(',')])).toMatchObject({ tags: names(DEVICE_TAGS_MAX) });
    const tooMany = `at most ${DEVICE_TAGS_MAX} tags (--tag), not ${DEVICE_TAGS_MAX + 1}`;
    expect(() => parseCommand(['run', ...names(DEVICE_TAGS_MAX + 1).flatMap((tag) => ['--tag', tag])])).toThrow(tooMany);
    // Counted after repeats are dropped: the same tag twice is one.
    expect(parseCommand(['run', '--tag', [...names(DEVICE_TAGS_MAX), 'T0'].join(',')])).toMatchObject({ tags: names(DEVICE_TAGS_MAX) });
    expect(() => parseCommand(['service', 'install', '--tag', names(DEVICE_TAGS_MAX + 1).join(',')])).toThrow(tooMany);
    expect(() => parseCommand(['install', '--tag', 'Bad Tag'])).toThrow(DEVICE_TAG_MESSAGE);
  });

  it('passes --tag on to the service, checked and one tag each, and lists it in --help', () => {
    expect(parseCommand(['service', 'install', '--tag', 'Office,lab', '--inventory-hours', '2', '--tag', 'office'])).toEqual({
      command: 'service',
      action: 'install',
      configDir: null,
      runArgs: ['--inventory-hours', '2', '--tag', 'office', '--tag', 'lab'],
    });
    expect(parseCommand(['install', '--tag', 'kiosk', '--installer', 'apt'])).toMatchObject({
      command: 'install',
      runArgs: ['--installer', 'apt', '--tag', 'kiosk'],
    });
    // What the service is given, `run` reads back as the same tags.
    expect(parseCommand(['run', '--tag', 'office', '--tag', 'lab'])).toMatchObject({ tags: ['office', 'lab'] });
    expect(() => parseCommand(['service', 'uninstall', '--tag', 'office'])).toThrow('service uninstall takes only --config-dir');
    expect(() => parseCommand(['status', '--tag', 'office'])).toThrow('status does not take --tag');
    expect(() => parseCommand(['enroll', 'https://x.example/devices/enroll?code=A', '--tag', 'office'])).toThrow(
      'enroll does not take --tag',
    );
    expect(usage('loadout-agent')).toMatch(/--tag NAME +a tag for this machine, which device groups' rules can match \(repeatable\)/);
    expect(usage('loadout-agent')).toMatch(/loadout-agent run .*\[--tag NAME\]/);
  });

  it('refuses a plain http:// server on another machine, naming --insecure-http, before the code is sent', () => {
    for (const argv of [
      ['enroll', '--server', 'http://loadout.example.com', '--code', 'A'],
      ['enroll', 'http://10.0.0.5:3000/devices/enroll?code=A'],
      ['enroll', 'http://[fe80::1]:3000/devices/enroll?code=A'],
    ]) {
      expect(() => parseCommand(argv)).toThrow(/http:\/\/.*unencrypted.*--insecure-http/);
    }
  });

  it('enrols over http:// with --insecure-http (remembered), and over https:// or to this machine without it', () => {
    expect(parseCommand(['enroll', 'http://10.0.0.5:3000/devices/enroll?code=A', '--insecure-http'])).toMatchObject({
      server: 'http://10.0.0.5:3000',
      insecureHttp: true,
    });
    for (const link of [
      'https://loadout.example.com/devices/enroll?code=A',
      'http://localhost:3000/devices/enroll?code=A',
      'http://127.0.0.1:3000/devices/enroll?code=A',
      'http://[::1]:3000/devices/enroll?code=A',
    ]) {
      expect(parseCommand(['enroll', link])).toMatchObject({ command: 'enroll', insecureHttp: false });
    }
    expect(parseCommand(['run', '--insecure-http'])).toMatchObject({ command: 'run', insecureHttp: true });
    expect(parseCommand(['service', 'install', '--insecure-http'])).toMatchObject({ runArgs: ['--insecure-http'] });
    expect(() => parseCommand(['status', '--insecure-http'])).toThrow('status does not take --insecure-http');
  });

  it('answers help and version', () => {
    expect(parseCommand([])).toEqual({ command: 'help' });
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand(['run', '-h'])).toEqual({ command: 'help' });
    expect(parseCommand(['-v'])).toEqual({ command: 'version' });
  });
});

describe('install and uninstall', () => {
  it('install takes the registration link, the device name and the service options', () => {
    expect(
      parseCommand(['install', 'https://loadout.example.com/devices/enroll?code=ABCD', '--name', 'Build box', '--installer', 'apt']),
    ).toEqual({
      command: 'install',
      enrolment: { server: 'https://loadout.example.com', code: 'ABCD' },
      name: 'Build box',
      insecureHttp: false,
      runArgs: ['--installer', 'apt'],
    });
    // Run again without a link: upgrade, keeping the enrolment.
    expect(parseCommand(['install'])).toMatchObject({ command: 'install', enrolment: null });
  });

  it.each([
    [['install', '--config-dir', '/tmp/x'], /keeps the enrolment in the system's folder/],
    [['install', 'http://10.0.0.5/devices/enroll?code=A'], /--insecure-http/],
    [['install', 'a', 'b'], /install takes one registration link/],
    [['uninstall', 'now'], /uninstall does not take "now"/],
    [['uninstall', '--name', 'x'], /uninstall does not take --name/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(message);
  });

  it('uninstall takes --keep-config and --force', () => {
    expect(parseCommand(['uninstall', '--keep-config'])).toEqual({
      command: 'uninstall',
      keepConfig: true,
      force: false,
      insecureHttp: false,
    });
  });
});
