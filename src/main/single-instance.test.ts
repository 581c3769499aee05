import { EventEmitter } from 'node:events';
import type { App } from 'electron';
import { describe, expect, it, vi } from 'vitest';

import type { DeepLinkResult } from './deep-link';
import { handleHandOver, type HandOverApp } from './single-instance';

const LINK = 'loadout://enroll?server=https%3A%2F%2Fa.example&code=K7QM2-ABCDE';

// Checked by tsc: Electron's own `app` fits the interface, so index.ts can pass it as it is.
const electronAppFits: App extends HandOverApp ? true : never = true;

function setUp() {
  const app = new EventEmitter();
  const onLink = vi.fn((_result: DeepLinkResult) => undefined);
  const onSecondInstance = vi.fn();
  handleHandOver(app, { onLink, onSecondInstance });
  return { app, onLink, onSecondInstance };
}

describe('second-instance', () => {
  it('hands the link in the second instance argv to the handler', () => {
    const { app, onLink, onSecondInstance } = setUp();
    app.emit('second-instance', {}, ['/opt/Loadout/loadout', '--no-sandbox', LINK], '/home/me');
    expect(electronAppFits).toBe(true);
    expect(onSecondInstance).toHaveBeenCalledOnce();
    expect(onLink).toHaveBeenCalledWith({ ok: true, request: { server: 'https://a.example', code: 'K7QM2-ABCDE' } });
  });

  it('only shows the window for a launch without a link', () => {
    const { app, onLink, onSecondInstance } = setUp();
    app.emit('second-instance', {}, ['/opt/Loadout/loadout'], '/home/me');
    expect(onSecondInstance).toHaveBeenCalledOnce();
    expect(onLink).not.toHaveBeenCalled();
  });

  it('passes a hostile link on as refused, with its reason', () => {
    const { app, onLink } = setUp();
    app.emit('second-instance', {}, ['app', 'loadout://enroll?server=https%3A%2F%2Fu%3Ap%40a.example&code=K7QM2'], '/');
    expect(onLink).toHaveBeenCalledWith({ ok: false, reason: expect.stringMatching(/server/) as unknown });
  });
});

describe('open-url (macOS)', () => {
  it('parses the URL, tells macOS it was handled, and does not count as a second launch', () => {
    const { app, onLink, onSecondInstance } = setUp();
    const event = { preventDefault: vi.fn() };
    app.emit('open-url', event, LINK);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(onLink).toHaveBeenCalledWith(expect.objectContaining({ ok: true }));
    expect(onSecondInstance).not.toHaveBeenCalled();
  });

  it('refuses a link of another form', () => {
    const { app, onLink } = setUp();
    app.emit('open-url', { preventDefault: vi.fn() }, 'loadout://settings?x=1');
    expect(onLink).toHaveBeenCalledWith(expect.objectContaining({ ok: false }));
  });
});
