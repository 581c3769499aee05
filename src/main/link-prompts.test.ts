import { describe, expect, it, vi } from 'vitest';

import { enrolmentLinkPrompt } from './link-prompts';

vi.mock('electron', () => ({ dialog: {} }));

describe('the question before a loadout:// link enrols this computer', () => {
  const request = { server: 'https://loadout.example', code: 'K7QM2-ABCDE' };

  it('names the server, says what it means, and defaults to Cancel', () => {
    const prompt = enrolmentLinkPrompt(request, null);
    expect(prompt.message).toBe('Add this computer to Loadout at https://loadout.example?');
    expect(prompt.detail).toContain('will be able to install apps on this computer');
    expect(prompt.buttons).toEqual(['Add this computer', 'Cancel']);
    expect(prompt.defaultId).toBe(1);
    expect(prompt.cancelId).toBe(1);
  });

  it('says when the window will switch to another server', () => {
    expect(enrolmentLinkPrompt(request, 'http://localhost:3000').detail).toContain(
      'Loadout now shows http://localhost:3000; it will switch to https://loadout.example.',
    );
  });
});

describe('the one question about administrator rights', () => {
  it('says why, says it is asked once, and can be answered later from the tray', async () => {
    const { systemServicePrompt } = await import('./link-prompts');
    const prompt = systemServicePrompt();
    expect(prompt.message).toBe('Let Loadout install apps that need administrator rights?');
    expect(prompt.detail).toContain('asked for your password once');
    expect(prompt.detail).toContain('system tray');
    expect(prompt.buttons).toEqual(['Run as a service', 'Not now']);
    expect(prompt.cancelId).toBe(1);
  });
});
