import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

import { useGetListsQuery } from '../../api/lists';
import { isCurrentPage, LISTS_PAGE, PRIMARY_PAGES, type NavPage } from './nav-pages';

interface NavDrawerProps {
  id: string;
  opened: boolean;
  onClose: () => void;
}

function PageLink({ page, onClose }: { page: NavPage; onClose: () => void }) {
  const { pathname } = useLocation();
  const current = isCurrentPage(pathname, page.to);
  const Icon = page.icon;
  return (
    <NavLink
      component={Link}
      to={page.to}
      label={page.label}
      leftSection={<Icon size={18} aria-hidden />}
      active={current}
      aria-current={current ? 'page' : undefined}
      onClick={onClose}
      fw={500}
    />
  );
}

/** The phone menu: the same pages as the wide header, and the lists the header's dropdown would show. */
export function NavDrawer({ id, opened, onClose }: NavDrawerProps) {
  const { data: lists } = useGetListsQuery();
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="xs"
      position="right"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Pages" gap={2}>
        <PageLink page={LISTS_PAGE} onClose={onClose} />
        {/* Each list opens expanded on the Lists screen, as the header's Lists dropdown does. */}
        {(lists ?? []).map((list) => (
          <NavLink
            key={list.id}
            component={Link}
            to={`/app-list?list=${encodeURIComponent(list.id)}`}
            label={list.name}
            onClick={onClose}
            pl={44}
          />
        ))}
        <Divider my={4} />
        {PRIMARY_PAGES.map((page) => (
          <PageLink key={page.to} page={page} onClose={onClose} />
        ))}
      </Stack>
    </Drawer>
  );
}
