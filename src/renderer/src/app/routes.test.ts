import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { PAGE_PATHS } from './routes';

/** Every `<Route path="…" element={<Screen …` of routes.tsx, with the element's name. */
function declaredRoutes(): Array<{ path: string; element: string }> {
  const source = readFileSync(join(import.meta.dirname, 'routes.tsx'), 'utf8');
  return [...source.matchAll(/<Route\s+path="([^"]+)"\s+element=\{<(\w+)/g)].map((match) => ({
    path: match[1] ?? '',
    element: match[2] ?? '',
  }));
}
const REDIRECTS = new Set(['Navigate', 'PricingAlias']);

describe('the screens main.tsx loads before the first render', () => {
  it('has every screen of the route table, and nothing else', () => {
    const screens = declaredRoutes().filter((route) => !REDIRECTS.has(route.element));
    expect(screens.length).toBeGreaterThan(20);
    expect(PAGE_PATHS.map(([path]) => path).sort()).toEqual(screens.map((route) => route.path).sort());
  });

  it('finds the screen the router shows when a fixed path and a parameter could both match', () => {
    const found = (pathname: string) => PAGE_PATHS.find(([path]) => matchPath(`/${path}`, pathname))?.[0];
    expect(found('/devices/enroll')).toBe('devices/enroll');
    expect(found('/devices/dev_abc123')).toBe('devices/:deviceId');
    expect(found('/installations/1a2b')).toBe('installations/:id');
    expect(found('/no/such/page')).toBeUndefined();
  });
});
