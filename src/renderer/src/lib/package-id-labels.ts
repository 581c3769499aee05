import { PACKAGE_ID_FIELDS, type PackageIdField } from '@shared/api/catalogue';

/** What each package id field is called, and an example of a valid id. */
export const PACKAGE_ID_LABELS: Readonly<Record<PackageIdField, { label: string; example: string }>> = {
  winget_id: { label: 'winget id', example: 'Publisher.App' },
  homebrew_cask: { label: 'Homebrew cask', example: 'app-name' },
  homebrew_formula: { label: 'Homebrew formula', example: 'app-name' },
  apt_package: { label: 'apt package', example: 'app-name' },
  flatpak_id: { label: 'Flatpak id', example: 'org.example.App' },
  snap_name: { label: 'Snap name', example: 'app-name' },
};

/** "winget: Foo.Bar · apt: foo": the ids an own app is installed by. */
export function packageIdsText(app: Partial<Record<PackageIdField, string | null>>): string {
  return PACKAGE_ID_FIELDS.flatMap((field) => (app[field] ? [`${PACKAGE_ID_LABELS[field].label}: ${app[field]}`] : [])).join(' · ');
}
