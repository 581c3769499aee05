import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { debianApps } from './debian-apps';
import { readDebianPackages } from './formats/debian-packages';
import { readDep11 } from './formats/dep11';

const fixtures = join(import.meta.dirname, '../../../../tests/fixtures/catalogue-index/debian');
const lines = (file: string) => readFileSync(join(fixtures, file), 'utf8').split('\n');
const packages = await readDebianPackages(lines('Packages'));
const components = await readDep11(lines('Components-amd64.yml'));

describe("Debian's package index", () => {
  it('reads every stanza with the facts the catalogue keeps, tags that run over several lines included', () => {
    expect(packages).toHaveLength(39);
    const jq = packages.find((entry) => entry.package === 'jq');
    expect(jq).toMatchObject({ section: 'utils', priority: 'optional', essential: false, homepage: 'https://jqlang.github.io/jq' });
    expect(jq?.version).toMatch(/^1\.7/);
    expect(jq?.installedSizeKb).toBeGreaterThan(0);
    expect(jq?.tags).toContain('role::program');
    expect(packages.find((entry) => entry.package === 'bash')).toMatchObject({ essential: true, priority: 'required' });
  });

  it('reads AppStream components: the untranslated name, homepage, developer, licence and categories', () => {
    const firefox = components.find((component) => component.package === 'firefox-esr');
    expect(firefox).toMatchObject({ type: 'desktop-application', name: 'Firefox ESR', categories: ['Network', 'WebBrowser'] });
    const gitg = components.find((component) => component.package === 'gitg');
    expect(gitg).toMatchObject({ name: 'gitg', homepage: 'https://wiki.gnome.org/Apps/Gitg', licence: 'GPL-2.0+' });
    expect(components.find((component) => component.type === 'addon')?.developer).toBe('The Fcitx Team');
    expect(components.map((component) => component.type)).toEqual(
      expect.arrayContaining(['desktop-application', 'console-application', 'addon', 'font', 'generic']),
    );
  });

  it('keeps apps and tools a person would choose, named as AppStream names them, and leaves out what is part of something else', () => {
    const apps = debianApps(packages, components);
    const ids = apps.map((entry) => entry.packageId);
    for (const id of [
      'firefox-esr',
      'gimp',
      'vlc',
      'jq',
      'ripgrep',
      'fzf',
      'ffmpeg',
      'git',
      'hello',
      'htop',
      'tmux',
      'neovim',
      'inkscape',
      '0ad',
    ])
      expect(ids, id).toContain(id);
    for (const id of [
      'libc6',
      'libjq1',
      'bash',
      'coreutils',
      'git-doc',
      'python3-requests',
      'r-cran-ggplot2',
      'fonts-noto-core',
      'gcc-14-aarch64-linux-gnu',
      'vlc-plugin-base',
      '0ad-data',
    ])
      expect(ids, id).not.toContain(id);
    expect(apps.find((entry) => entry.packageId === 'firefox-esr')).toMatchObject({
      name: 'Firefox ESR',
      category: 'Browsers',
      field: 'apt_package',
    });
    expect(apps.find((entry) => entry.packageId === 'gimp')?.category).toBe('Media');
    expect(apps.find((entry) => entry.packageId === '0ad')?.category).toBe('Games');
    expect(apps.find((entry) => entry.packageId === 'jq')).toMatchObject({
      name: 'jq',
      category: 'Utilities',
      homepage: 'https://jqlang.github.io/jq',
    });
    expect(apps.find((entry) => entry.packageId === 'nmap')?.category).toBe('System');
  });

  it('reads in one pass with every line bounded: a hostile index costs its length, no more', async () => {
    const long = ['Package: big', `Homepage: https://example.org/${'a'.repeat(1_000_000)}`, 'Tag: role::program', ''];
    const [big] = await readDebianPackages(long);
    expect(big?.homepage.length).toBeLessThanOrEqual(8192);
    const many = Array.from({ length: 50_000 }, (_, i) => `Package: p${i}\nSection: utils\n`)
      .join('\n')
      .split('\n');
    expect(await readDebianPackages(many)).toHaveLength(50_000);
    expect(await readDep11(['---', 'Type: desktop-application', 'Categories:', ...Array.from({ length: 10_000 }, () => '- Game')])).toEqual(
      [],
    );
  });
});
