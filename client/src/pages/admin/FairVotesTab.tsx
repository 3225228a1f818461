import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { type FairVoteCar, MESSAGES, monthLabel, type VoteVoid } from '@curbside/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { FairVoteCarDialog } from './FairVoteCarDialog';
import { blockLabel, percent, useVotesChanged } from './fair-votes-shared';
import { Figure, RowCard, useNarrow } from './narrow';

const F = MESSAGES.fairVotes;

/**
 * Fair Votes (issue 41 part 7): this month's top 20 with where each car's votes came from; a car's row opens its
 * review, where an admin voids votes from chosen address blocks; below, every void, each restorable.
 */
export function FairVotesTab() {
  const trpc = useTRPC();
  const review = useQuery(trpc.admin.fairVotes.review.queryOptions());
  const [openCarId, setOpenCarId] = useState<number | null>(null);
  const narrow = useNarrow();

  if (review.isPending) return <PageLoader />;
  if (review.isError) return <LoadError message={F.loadError} query={review} />;
  const openCar = review.data.cars.find((car) => car.carId === openCarId) ?? null;

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} fz="xl" mb="xs">
          {F.title(monthLabel(review.data.month))}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {F.intro}
        </Text>
        {review.data.cars.length === 0 ? (
          <Text c="dimmed">{F.empty}</Text>
        ) : narrow ? (
          <Stack gap="sm">
            {review.data.cars.map((car) => (
              <CarCard key={car.carId} car={car} onOpen={() => setOpenCarId(car.carId)} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{F.car}</Table.Th>
                  <Table.Th ta="right">{F.votes}</Table.Th>
                  <Table.Th ta="right">{F.voided}</Table.Th>
                  <Table.Th ta="right">{F.busiestShare}</Table.Th>
                  <Table.Th ta="right">{F.cardShare}</Table.Th>
                  <Table.Th ta="right">{F.firstSeenShare}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {review.data.cars.map((car) => (
                  <CarRow key={car.carId} car={car} onOpen={() => setOpenCarId(car.carId)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <VoidHistory />
      {openCar ? (
        <FairVoteCarDialog car={openCar} month={review.data.month} onClose={() => setOpenCarId(null)} />
      ) : null}
    </Stack>
  );
}

function VoidButton({ car, onOpen }: { car: FairVoteCar; onOpen: () => void }) {
  return (
    <Button size="xs" variant="light" onClick={onOpen} aria-label={`${F.voidAction}: ${car.name}`}>
      {F.voidAction}
    </Button>
  );
}

/** A car of the top 20 on a phone: the table's row as a card, every figure labelled. */
function CarCard({ car, onOpen }: { car: FairVoteCar; onOpen: () => void }) {
  return (
    <RowCard testId="fair-vote-car">
      <Stack gap="xs">
        <div>
          <Text fw={600}>
            {car.rank}. {car.name}
          </Text>
          <Text size="xs" c="dimmed">
            {car.ownerName}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Figure label={F.votes} value={car.votes} />
          <Figure label={F.voided} value={car.voidedVotes} />
          <Figure label={F.busiestShare} value={percent(car.busiestBlocksShare)} />
          <Figure label={F.cardShare} value={percent(car.cardShare)} />
          <Figure label={F.firstSeenShare} value={percent(car.firstSeenShare)} />
        </SimpleGrid>
        {/* Below the figures, so the car's name has the card's whole width and the button its whole label. */}
        <Group justify="flex-end">
          <VoidButton car={car} onOpen={onOpen} />
        </Group>
      </Stack>
    </RowCard>
  );
}

function CarRow({ car, onOpen }: { car: FairVoteCar; onOpen: () => void }) {
  return (
    <Table.Tr data-testid="fair-vote-car">
      <Table.Td>{car.rank}</Table.Td>
      <Table.Td>
        <Text fw={600}>{car.name}</Text>
        <Text size="xs" c="dimmed">
          {car.ownerName}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{car.votes}</Table.Td>
      <Table.Td ta="right">{car.voidedVotes}</Table.Td>
      <Table.Td ta="right">{percent(car.busiestBlocksShare)}</Table.Td>
      <Table.Td ta="right">{percent(car.cardShare)}</Table.Td>
      <Table.Td ta="right">{percent(car.firstSeenShare)}</Table.Td>
      <Table.Td ta="right">
        <VoidButton car={car} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

function VoidHistory() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const voids = useQuery(trpc.admin.fairVotes.voids.queryOptions());
  const changed = useVotesChanged();
  const narrow = useNarrow();
  const restore = useMutation({ mutationFn: (id: number) => client.admin.fairVotes.restore.mutate({ id }) });

  const onRestore = (entry: VoteVoid) =>
    restore.mutate(entry.id, {
      onSuccess: (result) => {
        notifyToast(F.done.restored(result.void.votes, result.void.carName));
        void changed();
      },
      onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
    });
  // The parts of an entry, shared by the table's row and the phone's card.
  const parts = (entry: VoteVoid) => ({
    car: (
      <>
        <Text fw={600}>{entry.carName}</Text>
        <Text size="xs" c="dimmed">
          {F.window(entry.from, entry.to)}
        </Text>
      </>
    ),
    blocks: (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {entry.blocks.map(blockLabel).join(', ')}
      </Text>
    ),
    note: (
      <>
        <Text size="sm">{entry.note}</Text>
        {entry.restoreNote ? (
          <Text size="xs" c="dimmed">
            {entry.restoreNote}
          </Text>
        ) : null}
      </>
    ),
    when: (
      <>
        <Text size="sm">{F.voidedBy(entry.voidedBy, entry.voidedAt)}</Text>
        {entry.restoredBy && entry.restoredAt ? (
          <Text size="xs" c="teal">
            {F.restored(entry.restoredBy, entry.restoredAt)}
          </Text>
        ) : null}
      </>
    ),
    restore:
      entry.restoredAt === null ? (
        <Button
          size="xs"
          variant="default"
          loading={restore.isPending && restore.variables === entry.id}
          onClick={() => onRestore(entry)}
        >
          {F.restore}
        </Button>
      ) : null,
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        {F.history}
      </Title>
      {voids.isPending ? (
        <PageLoader />
      ) : voids.isError ? (
        <LoadError message={F.loadError} query={voids} back={null} />
      ) : voids.data.length === 0 ? (
        <Text c="dimmed">{F.noHistory}</Text>
      ) : narrow ? (
        <Stack gap="sm">
          {voids.data.map((entry) => {
            const part = parts(entry);
            return (
              <RowCard key={entry.id} testId="vote-void">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>{part.car}</div>
                    <Text fw={600} style={{ flexShrink: 0 }}>
                      {F.voidedCount(entry.votes)}
                    </Text>
                  </Group>
                  <div>
                    <Text size="xs" c="dimmed">
                      {F.blocks}
                    </Text>
                    {part.blocks}
                  </div>
                  <div>{part.note}</div>
                  <div>{part.when}</div>
                  {part.restore ? <Group justify="flex-end">{part.restore}</Group> : null}
                </Stack>
              </RowCard>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{F.car}</Table.Th>
                <Table.Th>{F.blocks}</Table.Th>
                <Table.Th ta="right">{F.count}</Table.Th>
                <Table.Th>{F.note}</Table.Th>
                <Table.Th>{F.when}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {voids.data.map((entry) => {
                const part = parts(entry);
                return (
                  <Table.Tr key={entry.id} data-testid="vote-void">
                    <Table.Td>{part.car}</Table.Td>
                    <Table.Td>{part.blocks}</Table.Td>
                    <Table.Td ta="right">{entry.votes}</Table.Td>
                    <Table.Td>{part.note}</Table.Td>
                    <Table.Td>{part.when}</Table.Td>
                    <Table.Td ta="right">{part.restore}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
