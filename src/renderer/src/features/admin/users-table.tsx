import { Badge, Loader, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import type { AdminUser } from '@shared/api/admin';
import { getPlan } from '@shared/plans';

import { useGetAdminUsersQuery, useSetUserAdminMutation } from '../../api/admin';
import { ConfirmModal } from '../../components/confirm-modal';
import { errorMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/hooks';
import { notify } from '../../lib/notify';

const SEARCH_DEBOUNCE_MS = 300;

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Users with a search box; admins grant or revoke the admin flag (the last admin stays). */
export function UsersTable() {
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data, isLoading, isFetching, isError } = useGetAdminUsersQuery(debounced);
  const [setAdmin, { isLoading: saving }] = useSetUserAdminMutation();
  const [pending, setPending] = useState<AdminUser | null>(null);

  async function confirm() {
    if (!pending) return;
    try {
      await setAdmin({ id: pending.id, isAdmin: !pending.isAdmin }).unwrap();
      notify.success(pending.isAdmin ? `${pending.email} is no longer an admin` : `${pending.email} is now an admin`);
    } catch (failure) {
      // LAST_ADMIN and the like: the server says why.
      notify.error(errorMessage(failure, 'Failed to change admin status'));
    } finally {
      setPending(null);
    }
  }

  const users = data?.users ?? [];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="users-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="users-title">
          Users{' '}
          {data ? (
            <Text span c="dimmed" fz="sm">
              ({data.total})
            </Text>
          ) : null}
        </Title>
        <TextInput
          label="Search users"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={isFetching ? <Loader size={14} /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {isLoading ? (
          <Loader size="sm" role="status" aria-label="Loading users" />
        ) : isError ? (
          <Text c="red">The users could not be loaded.</Text>
        ) : users.length === 0 ? (
          <Text c="dimmed">{debounced.trim() ? 'No users match your search.' : 'No users yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Verified</Table.Th>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.firstName} {user.lastName}
                      {user.id === me?.id ? (
                        <Text span c="dimmed" fz="xs">
                          {' '}
                          (you)
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{getPlan(user.plan).displayName}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={user.isEmailVerified ? 'green' : 'gray'} miw="max-content">
                        {user.isEmailVerified ? 'Verified' : 'Not Verified'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={user.isAdmin}
                        label={user.isAdmin ? 'Admin' : 'No'}
                        aria-label={`Admin: ${user.email}`}
                        onChange={() => setPending(user)}
                      />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.isAdmin ? 'Revoke Admin' : 'Grant Admin'}
        confirmLabel={pending?.isAdmin ? 'Revoke' : 'Grant'}
        danger={pending?.isAdmin}
        loading={saving}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.isAdmin
          ? `${pending.email} will no longer be able to manage the catalogue or open this console.${pending.id === me?.id ? ' That includes you.' : ''}`
          : `${pending?.email ?? ''} will be able to manage the catalogue, see feedback and grant admin to others.`}
      </ConfirmModal>
    </Paper>
  );
}
