import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import { MESSAGES, type ReviewAction, type ReviewActionRecord, type ReviewQueueItem } from '@curbside/shared';
import { Anchor, Badge, Box, Button, Card, Group, Image, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';
import { Figure, RowCard, useNarrow } from './narrow';
import { PhotoMatchesSection } from './PhotoMatchesSection';
import { useReviewAction } from './useReviewAction';

const M = MESSAGES.moderation;
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Review (issue 41): reported cars and photos grouped by item, with how many users reported them, why, and a preview;
 * photos that may be someone else's (issue 41 part 5); new cars, and approved cars a member edited, waiting for
 * approval (an edit says what changed); and the record of actions taken.
 * Every action needs a note, which the owner is sent.
 */
export function ReviewTab() {
  const trpc = useTRPC();
  const queue = useQuery(trpc.admin.moderation.queue.queryOptions());
  const setAside = useQuery(trpc.admin.moderation.setAside.queryOptions());
  const actions = useQuery(trpc.admin.moderation.actions.queryOptions({}));
  return (
    <Stack gap="xl">
      <Section title={M.queueTitle} query={queue} empty={M.queueEmpty}>
        {(items) => items.map((item) => <QueueItem key={item.key} item={item} />)}
      </Section>
      <PhotoMatchesSection />
      {/* The cars an admin hid or rejected: approving one makes it public again. */}
      <Section title={M.setAsideTitle} query={setAside} empty={M.setAsideEmpty}>
        {(items) => (
          <>
            <Text size="sm" c="dimmed">
              {M.setAsideHelp}
            </Text>
            {items.map((item) => (
              <QueueItem key={item.key} item={item} />
            ))}
          </>
        )}
      </Section>
      <Section title={M.actionsTitle} query={actions} empty={M.actionsEmpty}>
        {(rows) => <RecordedActions rows={rows} />}
      </Section>
    </Stack>
  );
}

/** A titled list read from one query: loading, its error, its empty text, or what `children` makes of the rows. */
function Section<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T[], unknown>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadError message={MESSAGES.server.internal} query={query} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

/**
 * The actions an item offers: a new car is approved or rejected; reported items are dismissed, hidden or cut; the
 * owner of any car that has one may be suspended (the server refuses an admin owner).
 */
function actionsFor(item: ReviewQueueItem): ReviewAction[] {
  const actions = itemActions(item);
  if (item.car.ownerName) actions.push('suspendOwner');
  return actions;
}

function itemActions(item: ReviewQueueItem): ReviewAction[] {
  if (item.kind === 'newCar' || item.kind === 'edit') return ['approve', 'reject'];
  if (item.kind === 'setAside') return ['approve'];
  const state = item.car.reviewState;
  const actions: ReviewAction[] = state === 'public' || state === 'held' ? ['dismiss', 'hide'] : ['approve'];
  if (item.photo) actions.push('removePhoto');
  return actions;
}

function QueueItem({ item }: { item: ReviewQueueItem }) {
  const { run, pending, noteField } = useReviewAction({ carId: item.car.id, imageId: item.photo?.id });
  const preview = item.photo?.url ?? item.car.previewUrl;

  return (
    <Card withBorder radius="md" padding="md" data-testid="review-item">
      <Group wrap="nowrap" align="flex-start">
        <Box w={140} style={{ flexShrink: 0 }}>
          {preview ? <Image src={preview} alt={item.car.name} radius="sm" /> : null}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Anchor component={Link} href={`/cars/${item.car.slug}`} fw={600}>
              {item.car.name}
            </Anchor>
            <Badge variant="light" color={item.car.reviewState === 'public' ? 'gray' : 'yellow'}>
              {item.car.reviewState}
            </Badge>
          </Group>
          <Text size="sm">
            {item.kind === 'newCar'
              ? M.newCar
              : item.kind === 'edit'
                ? M.editedCar
                : item.kind === 'setAside'
                  ? `${item.car.reviewState === 'rejected' ? 'Rejected' : 'Hidden'} by an admin`
                  : `${item.photo ? 'One photo' : 'The car'} · reported by ${item.count} ${item.count === 1 ? 'user' : 'users'}`}
            {item.car.ownerName ? ` · owner ${item.car.ownerName}` : ''} · since {when(item.since)}
          </Text>
          {item.changed.length > 0 ? (
            <Text size="sm" data-testid="review-changed">
              {M.changed(item.changed.map((part) => M.editedParts[part]))}
            </Text>
          ) : null}
          {item.reasons.length > 0 ? (
            <Group gap={6}>
              {item.reasons.map(({ reason, count }) => (
                <Badge key={reason} variant="outline" color="red">
                  {M.reasons[reason]} × {count}
                </Badge>
              ))}
            </Group>
          ) : null}
          {item.details.map((text) => (
            <Text key={text} size="sm" c="dimmed" fs="italic">
              “{text}”
            </Text>
          ))}
          <Textarea {...noteField} />
          <Group gap="xs">
            {actionsFor(item).map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === 'dismiss' || action === 'approve' ? 'default' : 'filled'}
                color={action === 'dismiss' || action === 'approve' ? undefined : 'red'}
                disabled={pending}
                onClick={() => run(action)}
              >
                {M.actionLabels[action]}
              </Button>
            ))}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** The record of actions: a table, or on a phone a card per action (a table there would scroll sideways). */
function RecordedActions({ rows }: { rows: ReviewActionRecord[] }) {
  const narrow = useNarrow();
  if (narrow) {
    return (
      <Stack gap="sm">
        {rows.map((row) => (
          <RowCard key={row.id} testId="review-action">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{M.actionLabels[row.action]}</Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {when(row.createdAt)}
                </Text>
              </Group>
              <Figure label="Car" value={row.carName} />
              <Figure label="Admin" value={row.adminName ?? '—'} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.note}
              </Text>
            </Stack>
          </RowCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={M.actionsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Car</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <ActionRow key={row.id} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ActionRow({ row }: { row: ReviewActionRecord }) {
  return (
    <Table.Tr data-testid="review-action">
      <Table.Td>{when(row.createdAt)}</Table.Td>
      <Table.Td>{row.adminName ?? '—'}</Table.Td>
      <Table.Td>{M.actionLabels[row.action]}</Table.Td>
      <Table.Td>{row.carName}</Table.Td>
      <Table.Td>{row.note}</Table.Td>
    </Table.Tr>
  );
}
