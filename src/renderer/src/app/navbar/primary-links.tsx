import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

import { isCurrentPage, PRIMARY_PAGES } from './nav-pages';

/**
 * Between md, where the links leave the phone menu, and lg the header has just room for them all
 * with less padding each; from lg they get their full padding back.
 */
const LINK_PADDING = { base: 'sm', md: 4, lg: 'sm' } as const;

/** The header's links on wide screens; the current page is marked for assistive technology and by eye. */
export function PrimaryLinks() {
  const { pathname } = useLocation();
  return (
    <Group gap={4} wrap="nowrap">
      {PRIMARY_PAGES.map((page) => {
        const current = isCurrentPage(pathname, page.to);
        return (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            variant={current ? 'light' : 'subtle'}
            color={current ? undefined : 'gray'}
            aria-current={current ? 'page' : undefined}
            px={LINK_PADDING}
          >
            {page.label}
          </Button>
        );
      })}
    </Group>
  );
}
