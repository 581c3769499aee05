import { describe, expect, it } from 'vitest';

import { platformsOf, type App, type PackageIdField } from '@shared/api/catalogue';
import { perPackageField } from '@shared/package-managers';

import { CatalogueIndex } from './catalogue-index';
import { planImport, type ImportPick } from './import-plan';

function catalogueApp(app_id: number, name: string, ids: Partial<Record<PackageIdField, string>>): App {
  const packageIds = perPackageField((field) => ids[field] ?? null);
  return {
    app_id,
    name,
    description: '',
    category: 1,
    category_name: 'Everyday',
    publisher: '',
    curated: true,
    website: 'https://example.org',
    file_size_kb: null,
    icon_file_location: null,
    ...packageIds,
    platforms: platformsOf(packageIds),
  };
}

const index = new CatalogueIndex([
  catalogueApp(1, 'Firefox', { winget_id: 'Mozilla.Firefox', homebrew_cask: 'firefox', flatpak_id: 'org.mozilla.firefox' }),
  catalogueApp(2, 'Google Chrome', { winget_id: 'Google.Chrome', homebrew_cask: 'google-chrome' }),
  catalogueApp(3, 'Docker Desktop', { winget_id: 'Docker.DockerDesktop', homebrew_cask: 'docker-desktop' }),
  catalogueApp(4, 'Python', { winget_id: 'Python.Python.3.13', homebrew_formula: 'python@3.13', apt_package: 'python3' }),
  catalogueApp(5, 'GIMP', { flatpak_id: 'org.gimp.GIMP', homebrew_cask: 'gimp' }),
  catalogueApp(6, 'Terraform', { homebrew_formula: 'terraform' }),
]);

/** What a pick shows: the catalogue app's name, or the package kept as an own app. */
const shown = (pick: ImportPick) => ('app' in pick ? pick.app.name : `own ${pick.own.field} ${pick.own.id}`);

function wingetFile(sources: Array<{ name?: string; ids: string[] }>): string {
  return JSON.stringify({
    Sources: sources.map(({ name, ids }) => ({
      Packages: ids.map((id) => ({ PackageIdentifier: id })),
      ...(name ? { SourceDetails: { Name: name } } : {}),
    })),
  });
}

describe('planning an import', () => {
  it('leaves winget runtimes and Microsoft Store packages out, saying why, and keeps the apps', () => {
    const plan = planImport(
      'winget',
      wingetFile([
        {
          name: 'winget',
          ids: [
            'Microsoft.VCRedist.2015+.x64',
            'Mozilla.Firefox',
            'Microsoft.UI.Xaml.2.8',
            'Microsoft.VCLibs.Desktop.14',
            'Microsoft.AppInstaller',
            'Microsoft.DotNet.DesktopRuntime.8',
            'Microsoft.DotNet.SDK.8',
            'Microsoft.WindowsAppRuntime.1.5',
          ],
        },
        { name: 'msstore', ids: ['9NBLGGH4NNS1'] },
      ]),
      index,
    );
    // The .NET SDK is a tool someone chose; its runtimes are what apps bring with them.
    expect(plan.picks.map(shown)).toEqual(['Firefox', 'own winget_id Microsoft.DotNet.SDK.8']);
    expect(plan.notes).toEqual([
      { line: null, written: 'Microsoft.VCRedist.2015+.x64', reason: 'runtime' },
      { line: null, written: 'Microsoft.UI.Xaml.2.8', reason: 'runtime' },
      { line: null, written: 'Microsoft.VCLibs.Desktop.14', reason: 'runtime' },
      { line: null, written: 'Microsoft.AppInstaller', reason: 'runtime' },
      { line: null, written: 'Microsoft.DotNet.DesktopRuntime.8', reason: 'runtime' },
      { line: null, written: 'Microsoft.WindowsAppRuntime.1.5', reason: 'runtime' },
      { line: null, written: '9NBLGGH4NNS1', reason: 'storeSource' },
    ]);
  });

  it('resolves the managers’ other names for an app to the catalogue’s, and never another product line', () => {
    const winget = planImport(
      'winget',
      wingetFile([
        { ids: ['Google.Chrome.EXE', 'Mozilla.Firefox.en-GB', 'Mozilla.Firefox.de', 'Mozilla.Firefox.ESR', 'Google.Chrome.Beta'] },
      ]),
      index,
    );
    // en-GB and de are Firefox (added once); ESR and Beta are other products, kept as they are.
    expect(winget.picks.map(shown)).toEqual([
      'Google Chrome',
      'Firefox',
      'own winget_id Mozilla.Firefox.ESR',
      'own winget_id Google.Chrome.Beta',
    ]);

    const brew = planImport('brewfile', 'cask "docker"\nbrew "python"\nbrew "python3"\nbrew "python@3.12"\n', index);
    expect(brew.picks.map(shown)).toEqual(['Docker Desktop', 'Python', 'own homebrew_formula python@3.12']);
    expect(brew.picks.map((pick) => pick.line)).toEqual([1, 2, 4]);
  });

  it('reads a Brewfile’s taps, Flatpak entries and tapped formulae', () => {
    const plan = planImport(
      'brewfile',
      [
        'tap "hashicorp/tap"',
        'brew "hashicorp/tap/terraform"',
        'brew "someone/tap/rare-tool"',
        'flatpak "org.gimp.GIMP"',
        'flatpak "com.example.Editor"',
        'mas "Keynote", id: 409183694',
      ].join('\n'),
      index,
    );
    expect(plan.picks.map(shown)).toEqual(['Terraform', 'GIMP', 'own flatpak_id com.example.Editor']);
    expect(plan.notes).toEqual([
      { line: 1, written: 'tap "hashicorp/tap"', reason: 'tap' },
      { line: 3, written: 'someone/tap/rare-tool', reason: 'tappedPackage' },
      { line: 6, written: 'mas "Keynote", id: 409183694', reason: 'appStore' },
    ]);
  });

  it('shows back a plain list’s names that match nothing, with their lines, and ids that no manager takes', () => {
    const text = planImport('text', 'Firefox\n\nNo Such App\norg.gimp.GIMP\n', index);
    expect(text.picks.map(shown)).toEqual(['Firefox', 'GIMP']);
    expect(text.notes).toEqual([{ line: 3, written: 'No Such App', reason: 'notFound' }]);

    const winget = planImport('winget', wingetFile([{ ids: ['--force', 'Mozilla.Firefox'] }]), index);
    expect(winget.picks.map(shown)).toEqual(['Firefox']);
    expect(winget.notes).toEqual([{ line: null, written: '--force', reason: 'invalidId' }]);
  });
});
