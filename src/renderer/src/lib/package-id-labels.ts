import { PACKAGE_ID_FIELDS, packageSource, type PackageIdField } from '@shared/package-managers';

/** "winget id: Foo.Bar · apt package: foo": the ids an own app is installed by. */
export function packageIdsText(app: Partial<Record<PackageIdField, string | null>>): string {
  return PACKAGE_ID_FIELDS.flatMap((field) => (app[field] ? [`${packageSource(field).label}: ${app[field]}`] : [])).join(' · ');
}
