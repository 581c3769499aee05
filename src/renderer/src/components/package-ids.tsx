import { Code, Text } from '@mantine/core';
import { Fragment } from 'react';

import { PACKAGE_SOURCES, type PackageIdField } from '@shared/package-managers';

/**
 * The exact package an app installs through each manager ("winget id Mozilla.Firefox · Homebrew
 * cask firefox"): what a list installs is never a guess from its name. Nothing when the app has
 * no package id at all (its platform badges say so).
 */
export function PackageIds({ app }: { app: Partial<Record<PackageIdField, string | null>> }) {
  const ids = PACKAGE_SOURCES.flatMap((source) => {
    const id = app[source.field];
    return id ? [{ field: source.field, label: source.label, id }] : [];
  });
  if (ids.length === 0) return null;
  return (
    <Text
      size="xs"
      c="dimmed"
      style={{ overflowWrap: 'anywhere' }}
      aria-label={`Packages: ${ids.map(({ label, id }) => `${label} ${id}`).join(', ')}`}
    >
      {ids.map(({ field, label, id }, at) => (
        <Fragment key={field}>
          {at > 0 ? ' · ' : null}
          {/* A label and its id move to the next line together; only an id wider than the line breaks. */}
          <span style={{ display: 'inline-block', maxWidth: '100%' }}>
            {label} <Code fz="xs">{id}</Code>
          </span>
        </Fragment>
      ))}
    </Text>
  );
}
