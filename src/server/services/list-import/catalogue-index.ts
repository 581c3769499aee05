import { PACKAGE_ID_FIELDS, type App, type PackageIdField } from '@shared/api/catalogue';

import { canonicalPackageId } from './package-aliases';

/** Lower-cased lookups over the whole catalogue, for one import (one query, then maps). */
export class CatalogueIndex {
  private readonly byName = new Map<string, App>();
  private readonly byField = new Map<PackageIdField, Map<string, App>>();

  constructor(apps: readonly App[]) {
    for (const field of PACKAGE_ID_FIELDS) this.byField.set(field, new Map());
    for (const app of apps) {
      this.byName.set(app.name.toLowerCase(), app);
      for (const field of PACKAGE_ID_FIELDS) {
        const id = app[field];
        if (id) this.byField.get(field)?.set(id.toLowerCase(), app);
      }
    }
  }

  /** The app with this id on that manager, or under another id the manager gives the same program. */
  by(field: PackageIdField, id: string): App | undefined {
    const direct = this.byField.get(field)?.get(id.toLowerCase());
    if (direct) return direct;
    const canonical = canonicalPackageId(field, id);
    return canonical ? this.byField.get(field)?.get(canonical.toLowerCase()) : undefined;
  }

  named(name: string): App | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** A formula may be written with its tap (`hashicorp/tap/terraform`); the catalogue may have either form. */
  formula(name: string): App | undefined {
    return this.by('homebrew_formula', name) ?? this.by('homebrew_formula', name.split('/').pop() ?? name);
  }

  anyId(id: string): App | undefined {
    for (const field of PACKAGE_ID_FIELDS) {
      const app = this.by(field, id);
      if (app) return app;
    }
    return undefined;
  }
}
