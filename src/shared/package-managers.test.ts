import { describe, expect, it } from 'vitest';

import { isValidPackageId } from './package-ids';
import {
  fieldOfPackage,
  fieldsOfPlatform,
  MANAGER_NAMES,
  managerLabel,
  managersOfPlatform,
  PACKAGE_ID_FIELDS,
  PACKAGE_MANAGERS,
  PACKAGE_SOURCES,
  PLATFORMS,
} from './package-managers';

describe('the package managers registry', () => {
  it('names every field, grammar and manager once, and every source belongs to a manager', () => {
    expect(new Set(PACKAGE_ID_FIELDS).size).toBe(PACKAGE_SOURCES.length);
    expect(new Set(PACKAGE_SOURCES.map((source) => source.kind)).size).toBe(PACKAGE_SOURCES.length);
    expect(new Set(MANAGER_NAMES).size).toBe(MANAGER_NAMES.length);
    const managers = PACKAGE_MANAGERS.map((manager) => manager.name);
    for (const source of PACKAGE_SOURCES) expect(managers).toContain(source.manager);
    // A manager with no source could never be chosen for an app.
    for (const manager of managers) expect(PACKAGE_SOURCES.some((source) => source.manager === manager)).toBe(true);
    expect(MANAGER_NAMES.at(-1)).toBe('simulated');
  });

  it('serves every platform, in the order the agent prefers', () => {
    for (const platform of PLATFORMS) expect(fieldsOfPlatform(platform).length).toBeGreaterThan(0);
    expect(fieldsOfPlatform('macos')).toEqual(['homebrew_cask', 'homebrew_formula']);
    expect(managersOfPlatform('linux')).toEqual(['apt', 'flatpak', 'snap']);
    // winget first: an app both know is installed by winget where the machine has it.
    expect(fieldsOfPlatform('windows')).toEqual(['winget_id', 'choco_id']);
  });

  it('finds the field of a manager’s package, a Homebrew cask apart from a formula', () => {
    expect(fieldOfPackage('brew', true)).toBe('homebrew_cask');
    expect(fieldOfPackage('brew', undefined)).toBe('homebrew_formula');
    expect(fieldOfPackage('winget', undefined)).toBe('winget_id');
    expect(fieldOfPackage('choco', undefined)).toBe('choco_id');
    expect(fieldOfPackage('simulated', undefined)).toBeNull();
    expect(fieldOfPackage('constructor', undefined)).toBeNull();
  });

  it('gives a form an example each field’s own grammar accepts', () => {
    for (const source of PACKAGE_SOURCES) expect(isValidPackageId(source.kind, source.example), source.field).toBe(true);
  });

  // The agent hands an id to a package manager running as root: whatever grammar a new manager
  // brings, none of these may pass it.
  it.each([
    '-o',
    '--override',
    '-oAPT::Get::Assume-Yes=1',
    '/y',
    '-force',
    'a b',
    'a;b',
    'a/b',
    '../a',
    '..\\a',
    'a*',
    'a?',
    '[a]',
    '$(id)',
    '`id`',
    'a\nb',
    '',
  ])('every grammar refuses %j, which a manager could read as an option, a pattern, a path or a command', (id) => {
    for (const source of PACKAGE_SOURCES) expect(isValidPackageId(source.kind, id), source.kind).toBe(false);
  });

  it('labels a manager for people, and an unknown one as itself', () => {
    expect(managerLabel('brew')).toBe('Homebrew');
    expect(managerLabel('simulated')).toBe('Simulated');
    expect(managerLabel('pacman')).toBe('pacman');
  });
});
