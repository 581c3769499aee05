import type { App, Platform } from '@shared/api/catalogue';

export type PlatformChoice = Platform | 'all';

/**
 * The server searches by name and category; platforms are known from each app's package ids
 * (`platforms`), so this filter runs on the answer.
 */
export function appsForPlatform(apps: readonly App[], platform: PlatformChoice): App[] {
  if (platform === 'all') return [...apps];
  return apps.filter((app) => app.platforms.includes(platform));
}
