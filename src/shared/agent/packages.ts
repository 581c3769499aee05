import { z } from 'zod';

import { packageIdsShape } from '../api/catalogue';

/**
 * The package ids a job carries for one app: the catalogue app's fields, checked by the same
 * rules as the catalogue form (an id the agent passes to a package manager is never an
 * option). A field is absent or null when the app has no package for that manager.
 */
export const appPackagesSchema = z.object(packageIdsShape).partial();
export type AppPackages = z.infer<typeof appPackagesSchema>;
