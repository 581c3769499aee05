import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

import { isCurrentPage, PRIMARY_PAGES } from './nav-pages';

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
            px="sm"
          >
            {page.label}
          </Button>
        );
      })}
    </Group>
  );
}
