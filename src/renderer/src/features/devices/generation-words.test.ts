import { describe, expect, it } from 'vitest';

import { changeWords, generationTitle } from './generation-words';

describe('a generation in words', () => {
  it('names each kind, and the generation a rollback went back to', () => {
    expect(generationTitle({ number: 5, kind: 'rollback', rolledBackTo: 3 })).toBe('Generation 5 · Rolled back to 3');
    expect(generationTitle({ number: 4, kind: 'install', rolledBackTo: null })).toBe('Generation 4 · Installed');
    expect(generationTitle({ number: 3, kind: 'upgrade', rolledBackTo: null })).toBe('Generation 3 · Updated');
    expect(generationTitle({ number: 2, kind: 'uninstall', rolledBackTo: null })).toBe('Generation 2 · Removed');
  });

  it('says what came, went and moved', () => {
    expect(changeWords({ appId: 1, name: 'Firefox', from: '128.0', to: '129.0' }, 'upgrade')).toBe('Firefox 128.0 → 129.0');
    expect(changeWords({ appId: 2, name: 'VLC', from: null, to: '3.0.21' }, 'install')).toBe('VLC added (3.0.21)');
    expect(changeWords({ appId: 3, name: 'GIMP', from: '2.10', to: null }, 'uninstall')).toBe('GIMP removed (2.10)');
    expect(changeWords({ appId: 3, name: 'GIMP', from: '2.10', to: null }, 'rollback')).toBe('GIMP removed (2.10)');
    expect(changeWords({ appId: 2, name: 'VLC', from: null, to: '3.0.21' }, 'rollback')).toBe('VLC added (3.0.21)');
  });

  it('reads a version the agent did not report by the generation’s kind, not as a removal', () => {
    // An update whose new version was not reported: the app is still there.
    expect(changeWords({ appId: 1, name: 'Firefox', from: '128.0', to: null }, 'upgrade')).toBe('Firefox 128.0 → unknown version');
    expect(changeWords({ appId: 2, name: 'VLC', from: null, to: null }, 'install')).toBe('VLC added');
    // An uninstall of an app whose version was never known.
    expect(changeWords({ appId: 3, name: 'GIMP', from: null, to: null }, 'uninstall')).toBe('GIMP removed');
  });
});
