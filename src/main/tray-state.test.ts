import { describe, expect, it, vi } from 'vitest';

import type { AgentMessage, Job, ServerMessage } from '@shared/agent/protocol';
import type { AgentEvent } from '@shared/desktop/bridge';
import { perPackageField } from '@shared/package-managers';

import { AgentStatusTracker } from './agent-status';
import { trayMenuTemplate } from './tray';
import { trayState } from './tray-state';

// The menu template is plain data; Electron's Tray itself is never created here.
vi.mock('electron', () => ({ Menu: {}, nativeImage: {}, Tray: class {} }));

const job = (jobId: string, apps: number, kind: Job['kind'] = 'install'): ServerMessage => ({
  type: 'job.assign',
  job: {
    jobId,
    installationId: `inst-${jobId}`,
    kind,
    items: Array.from({ length: apps }, (_, i) => ({
      itemId: `${jobId}-${i}`,
      appId: i + 1,
      name: `App ${i}`,
      packages: { ...perPackageField(() => null), apt_package: `app${i}` },
    })),
  },
});

const progress = (jobId: string, i: number, status: 'installing' | 'succeeded' | 'failed' | 'skipped'): AgentMessage => ({
  type: 'item.progress',
  jobId,
  itemId: `${jobId}-${i}`,
  status,
  manager: 'apt',
  version: null,
  exitCode: null,
  message: status,
  log: '',
});

function enrolledTracker() {
  const tracker = new AgentStatusTracker();
  const events: AgentEvent[] = [];
  tracker.onEvent((event) => events.push(event));
  tracker.enrolled({ server: 'http://localhost:3000', deviceId: 'agent-1', deviceName: 'Desk' });
  const line = () => trayState(tracker.status).statusLine;
  return { tracker, events, line };
}

describe('tray state from agent events', () => {
  it('reads Not enrolled, then Offline until the server welcomes the agent, then Online', () => {
    const fresh = new AgentStatusTracker();
    expect(trayState(fresh.status)).toMatchObject({ statusLine: 'Not enrolled', pauseEnabled: false });
    const { tracker, line } = enrolledTracker();
    expect(line()).toBe('Offline');
    tracker.received({ type: 'welcome', deviceId: 'agent-1', deviceName: 'Desk PC', heartbeatMs: 30_000 });
    tracker.connection(true);
    expect(line()).toBe('Online');
    expect(trayState(tracker.status).tooltip).toBe('Loadout: Online (Desk PC)');
    tracker.connection(false);
    expect(line()).toBe('Offline');
  });

  it('counts an installation app by app, and says when it finished with its outcome', () => {
    const { tracker, events, line } = enrolledTracker();
    tracker.connection(true);
    tracker.received(job('j1', 3));
    expect(line()).toBe('Installing 1 of 3');
    tracker.sent(progress('j1', 0, 'installing'));
    tracker.sent(progress('j1', 0, 'succeeded'));
    tracker.sent(progress('j1', 1, 'installing'));
    expect(line()).toBe('Installing 2 of 3');
    tracker.sent(progress('j1', 1, 'failed'));
    tracker.sent(progress('j1', 1, 'failed')); // a repeated report after a reconnect counts once
    tracker.sent(progress('j1', 2, 'skipped'));
    tracker.sent({ type: 'job.done', jobId: 'j1' });
    expect(line()).toBe('Online');
    expect(events.filter((event) => event.type === 'job.finished')).toEqual([
      { type: 'job.finished', jobId: 'j1', kind: 'install', total: 3, tally: { succeeded: 1, failed: 1, skipped: 1 } },
    ]);
  });

  it('does not announce a job twice when the server sends it again after a reconnect', () => {
    const { tracker, events } = enrolledTracker();
    tracker.received(job('j1', 1));
    tracker.sent(progress('j1', 0, 'succeeded'));
    tracker.sent({ type: 'job.done', jobId: 'j1' });
    tracker.received(job('j1', 1));
    tracker.sent(progress('j1', 0, 'succeeded'));
    tracker.sent({ type: 'job.done', jobId: 'j1' });
    expect(events.filter((event) => event.type === 'job.finished')).toHaveLength(1);
  });

  it('names updates and removals, shows a pause, and offers to resume it', () => {
    const { tracker, line } = enrolledTracker();
    tracker.received(job('u1', 2, 'upgrade'));
    expect(line()).toBe('Updating 1 of 2');
    tracker.setPaused(true);
    expect(line()).toBe('Updating 1 of 2 (paused)');
    expect(trayState(tracker.status).pauseLabel).toBe('Resume installs');
    tracker.sent({ type: 'job.done', jobId: 'u1' });
    tracker.received(job('r1', 1, 'uninstall'));
    tracker.setPaused(false);
    expect(line()).toBe('Removing 1 of 1');
  });

  it('goes back to Not enrolled with the reason after a deactivation, and the tooltip says it', () => {
    const { tracker, line } = enrolledTracker();
    tracker.connection(true);
    tracker.notEnrolled('This computer was deactivated from another location.');
    expect(line()).toBe('Not enrolled');
    expect(trayState(tracker.status).tooltip).toBe('Loadout: Not enrolled\nThis computer was deactivated from another location.');
  });

  it('builds the menu: status line, Open, Pause, Start at login, Run as a system service, Change server, Quit', () => {
    const { tracker } = enrolledTracker();
    const noop = () => undefined;
    const actions = {
      onOpen: noop,
      onTogglePause: noop,
      onToggleStartAtLogin: noop,
      onChangeServer: noop,
      onRunAsService: noop,
      onQuit: noop,
    };
    const menu = trayMenuTemplate({ status: tracker.status, startAtLogin: true, service: 'offer' }, actions);
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'Offline',
      'separator',
      'Open Loadout',
      'Pause installs',
      'Start at login',
      'Run as a system service…',
      'Change server…',
      'separator',
      'Quit',
    ]);
    expect(menu[0]?.enabled).toBe(false);
    expect(menu[4]?.checked).toBe(true);

    // While the service runs the agent, the menu says so and has nothing to pause or offer.
    const running = trayMenuTemplate({ status: tracker.status, startAtLogin: false, service: 'running' }, actions);
    expect(running[0]?.label).toBe('Offline (system service)');
    expect(running.find((item) => item.label === 'Pause installs')?.enabled).toBe(false);
    expect(running.some((item) => item.label === 'Run as a system service…')).toBe(false);
  });
});
