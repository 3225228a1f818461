import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { type FairVoteCar, MESSAGES, monthLabel, type VoteVoid } from '@curbside/shared';
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { FairVoteCarDialog } from './FairVoteCarDialog';
import { blockLabel, percent, useVotesChanged } from './fair-votes-shared';

const F = MESSAGES.fairVotes;

/**
 * Fair Votes (issue 41 part 7): this month's top 20 with where each car's votes came from; a car's row opens its
 * review, where an admin voids votes from chosen address blocks; below, every void, each restorable.
 */
export function FairVotesTab() {
  const trpc = useTRPC();
  const review = useQuery(trpc.admin.fairVotes.review.queryOptions());
  const [openCarId, setOpenCarId] = useState<number | null>(null);

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
        <Button size="xs" variant="light" onClick={onOpen} aria-label={`${F.voidAction}: ${car.name}`}>
          {F.voidAction}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function VoidHistory() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const voids = useQuery(trpc.admin.fairVotes.voids.queryOptions());
  const changed = useVotesChanged();
  const restore = useMutation({ mutationFn: (id: number) => client.admin.fairVotes.restore.mutate({ id }) });

  const onRestore = (entry: VoteVoid) =>
    restore.mutate(entry.id, {
      onSuccess: (result) => {
        notifyToast(F.done.restored(result.void.votes, result.void.carName));
        void changed();
      },
      onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
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
              {voids.data.map((entry) => (
                <Table.Tr key={entry.id} data-testid="vote-void">
                  <Table.Td>
                    <Text fw={600}>{entry.carName}</Text>
                    <Text size="xs" c="dimmed">
                      {F.window(entry.from, entry.to)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {entry.blocks.map(blockLabel).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{entry.votes}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.note}</Text>
                    {entry.restoreNote ? (
                      <Text size="xs" c="dimmed">
                        {entry.restoreNote}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{F.voidedBy(entry.voidedBy, entry.voidedAt)}</Text>
                    {entry.restoredBy && entry.restoredAt ? (
                      <Text size="xs" c="teal">
                        {F.restored(entry.restoredBy, entry.restoredAt)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {entry.restoredAt === null ? (
                      <Button
                        size="xs"
                        variant="default"
                        loading={restore.isPending && restore.variables === entry.id}
                        onClick={() => onRestore(entry)}
                      >
                        {F.restore}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
