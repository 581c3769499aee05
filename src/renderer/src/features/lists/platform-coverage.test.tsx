// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { makeApp, makeListItem } from '../../test/factories';
import { PlatformCoverage } from './platform-coverage';

afterEach(cleanup);

describe('PlatformCoverage', () => {
  it('speaks of one app as one app', () => {
    const code = makeListItem(makeApp({ name: 'Visual Studio Code', platforms: ['windows', 'macos'] }), 0);
    render(
      <MantineProvider>
        <PlatformCoverage items={[code]} />
      </MantineProvider>,
    );
    expect(screen.getByText('Windows: available')).toBeInTheDocument();
    expect(screen.getByText('Linux: 0 of 1 app — not available: Visual Studio Code')).toBeInTheDocument();
    expect(screen.queryByText(/1 apps/)).not.toBeInTheDocument();
  });

  it('counts several', () => {
    const apps = ['Firefox', 'VLC'].map((name, i) => makeListItem(makeApp({ name, platforms: ['windows', 'linux'] }), i));
    render(
      <MantineProvider>
        <PlatformCoverage items={apps} />
      </MantineProvider>,
    );
    expect(screen.getByText('Windows: all 2 apps')).toBeInTheDocument();
    expect(screen.getByText('macOS: 0 of 2 apps — not available: Firefox, VLC')).toBeInTheDocument();
  });
});
