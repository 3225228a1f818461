import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import {
  type AdminUser,
  formatCentralDateTime,
  MESSAGES,
  SUSPENSION_NOTE_MAX,
  USER_SEARCH_MIN,
} from '@curbside/shared';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { Figure, RowCard, useNarrow } from './narrow';

const T = MESSAGES.suspensions.tab;

/** What the dialog is about to do, to whom. */
interface PendingChange {
  user: Pick<AdminUser, 'id' | 'username'>;
  action: 'suspend' | 'lift';
}

/**
 * Users (issue 41, chosen): find an account by username or e-mail and suspend it with a note, or lift its suspension;
 * the accounts suspended now with the cars they hide, and the record of every suspension and lift. The server
 * refuses what the rules refuse (an admin, oneself); the buttons say so first.
 */
export function UsersTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user: me } = useCurrentUser();
  const narrow = useNarrow();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...trpc.admin.users.find.queryOptions({ q }), enabled: q.length >= USER_SEARCH_MIN });
  const overview = useQuery(trpc.admin.users.suspensions.queryOptions());
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [note, setNote] = useState('');
  const suspend = useMutation(trpc.admin.users.suspend.mutationOptions());
  const lift = useMutation(trpc.admin.users.lift.mutationOptions());

  const open = (change: PendingChange) => {
    setNote('');
    setPending(change);
  };
  const close = () => setPending(null);
  // The user lists here and every car list (their cars leave or return).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.cars.pathKey() }),
    ]);

  const confirm = () => {
    if (!pending) return;
    const { user, action } = pending;
    const handlers = {
      onSuccess: () => {
        notifyToast(action === 'suspend' ? T.done.suspended(user.username) : T.done.lifted(user.username));
        close();
        void refresh();
      },
      onError: (error: unknown) => notifyError(T.failed, error),
    };
    if (action === 'suspend') suspend.mutate({ id: user.id, note }, handlers);
    else lift.mutate({ id: user.id, note: note.trim() || null }, handlers);
  };

  const actionFor = (user: AdminUser) => {
    if (user.suspendedAt) {
      return (
        <Button size="xs" variant="default" onClick={() => open({ user, action: 'lift' })}>
          {T.lift}
        </Button>
      );
    }
    return (
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={user.role === 'admin' || user.id === me?.id}
        onClick={() => open({ user, action: 'suspend' })}
      >
        {T.suspend}
      </Button>
    );
  };

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <TextInput
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            description={T.searchHint}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
          />
          {q.length >= USER_SEARCH_MIN &&
            (found.isPending ? (
              <PageLoader />
            ) : found.isError ? (
              <LoadError message={T.fetchError} query={found} />
            ) : found.data.length === 0 ? (
              <Text c="dimmed">{T.noMatch}</Text>
            ) : narrow ? (
              <Stack gap="sm">
                {found.data.map((user) => (
                  <RowCard key={user.id} testId="user-row">
                    <Stack gap="xs">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          <Text fw={600}>{user.username}</Text>
                          <Text size="sm" c="dimmed">
                            {user.email}
                          </Text>
                        </div>
                        <StatusBadge user={user} />
                      </Group>
                      <Group justify="flex-end">{actionFor(user)}</Group>
                    </Stack>
                  </RowCard>
                ))}
              </Stack>
            ) : (
              <ScrollArea type="auto">
                <Table striped verticalSpacing="sm" miw={560}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Username</Table.Th>
                      <Table.Th>E-mail</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {found.data.map((user) => (
                      <Table.Tr key={user.id} data-testid="user-row">
                        <Table.Td fw={600}>{user.username}</Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>
                          <StatusBadge user={user} />
                        </Table.Td>
                        <Table.Td>{actionFor(user)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            ))}
        </Stack>
      </Paper>

      <Stack>
        <Title order={2} fz="h3">
          {T.currentTitle}
        </Title>
        {overview.isPending ? (
          <PageLoader />
        ) : overview.isError ? (
          <LoadError message={T.fetchError} query={overview} />
        ) : overview.data.suspended.length === 0 ? (
          <Text c="dimmed">{T.noneSuspended}</Text>
        ) : (
          overview.data.suspended.map(({ user, suspension, cars }) => (
            <Paper key={user.id} withBorder radius="md" p="md" data-testid="suspended-account">
              {/* On a phone the button goes below the account, which keeps the card's whole width. */}
              <Group justify="space-between" align="flex-start" wrap={narrow ? 'wrap' : 'nowrap'}>
                <Stack gap={4} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600}>
                    {user.username} <Text span c="dimmed">{`(${user.email})`}</Text>
                  </Text>
                  {suspension && (
                    <Text size="sm">
                      {formatCentralDateTime(suspension.createdAt)}
                      {suspension.by ? ` ${T.by(suspension.by.username)}` : ''}: {suspension.note}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {T.hiddenCars(cars.length)}
                    {cars.length > 0 &&
                      `: ${cars.map((car) => `${car.year} ${car.make} ${car.model} (${car.totalVotes} votes)`).join(', ')}`}
                  </Text>
                </Stack>
                {actionFor(user)}
              </Group>
            </Paper>
          ))
        )}
      </Stack>

      <Stack>
        <Title order={2} fz="h3">
          {T.historyTitle}
        </Title>
        {overview.isSuccess &&
          (overview.data.history.length === 0 ? (
            <Text c="dimmed">{T.noHistory}</Text>
          ) : narrow ? (
            <Stack gap="sm">
              {overview.data.history.map((record) => (
                <RowCard key={record.id} testId="suspension-record">
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {record.action === 'suspended' ? T.suspendedAction : T.liftedAction}: {record.user.username}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                        {formatCentralDateTime(record.createdAt)}
                      </Text>
                    </Group>
                    {record.by ? <Figure label="Admin" value={record.by.username} /> : null}
                    {record.note ? (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {record.note}
                      </Text>
                    ) : null}
                  </Stack>
                </RowCard>
              ))}
            </Stack>
          ) : (
            <ScrollArea type="auto">
              <Table striped verticalSpacing="xs" miw={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>User</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Admin</Table.Th>
                    <Table.Th>Note</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.data.history.map((record) => (
                    <Table.Tr key={record.id} data-testid="suspension-record">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCentralDateTime(record.createdAt)}</Table.Td>
                      <Table.Td>{record.user.username}</Table.Td>
                      <Table.Td>{record.action === 'suspended' ? T.suspendedAction : T.liftedAction}</Table.Td>
                      <Table.Td>{record.by?.username ?? ''}</Table.Td>
                      <Table.Td>{record.note ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ))}
      </Stack>

      <Modal
        opened={pending !== null}
        onClose={close}
        centered
        title={
          pending &&
          (pending.action === 'suspend' ? T.suspendTitle(pending.user.username) : T.liftTitle(pending.user.username))
        }
      >
        <Stack>
          <Text>{pending?.action === 'suspend' ? T.suspendIntro : T.liftIntro}</Text>
          <Textarea
            label={T.noteLabel}
            placeholder={pending?.action === 'suspend' ? T.suspendNotePlaceholder : T.liftNotePlaceholder}
            required={pending?.action === 'suspend'}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={SUSPENSION_NOTE_MAX}
            rows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={suspend.isPending || lift.isPending}>
              Cancel
            </Button>
            <Button
              color={pending?.action === 'suspend' ? 'red' : undefined}
              onClick={confirm}
              loading={suspend.isPending || lift.isPending}
              disabled={pending?.action === 'suspend' && note.trim() === ''}
            >
              {pending?.action === 'suspend' ? T.suspend : T.lift}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function StatusBadge({ user }: { user: AdminUser }) {
  if (user.suspendedAt) return <Badge color="red">{T.suspended}</Badge>;
  if (user.role === 'admin') return <Badge color="blue">{T.admin}</Badge>;
  return (
    <Badge color="gray" variant="light">
      {T.active}
    </Badge>
  );
}
