import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { type Car, MESSAGES } from '@curbside/shared';
import { Anchor, Button, Checkbox, Group, ScrollArea, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { ADMIN_LIST_PAGE, CursorPager, useCursorPages } from './list-pager';
import { MeetCardsDownload } from './MeetCardsDownload';
import { Figure, RowCard, useNarrow } from './narrow';

export const carTitle = (car: Pick<Car, 'make' | 'model' | 'year'>) => `${car.year} ${car.make} ${car.model}`;
export const carOwner = (car: Pick<Car, 'ownerName' | 'ownerDetails'>) =>
  car.ownerName || car.ownerDetails?.name || MESSAGES.carCard.unknownOwner;

/** A car's View (its page) and Edit (the submission form) links, in Manage Cars and Submissions. */
export function ViewEditLinks({ car }: { car: Pick<Car, 'id' | 'slug'> }) {
  return (
    <>
      <Button size="xs" variant="default" component={Link} href={`/cars/${car.slug}`}>
        View
      </Button>
      <Button size="xs" variant="light" component={Link} href={`/upload?edit=${car.id}`}>
        Edit
      </Button>
    </>
  );
}

/**
 * The admin's car list, newest first, one page at a time by cursor (cars.page, keyset pagination). The first page
 * is shared by Manage Cars and Submissions.
 */
export const adminCarsInput = (cursor?: string) => ({ limit: ADMIN_LIST_PAGE, ...(cursor ? { cursor } : {}) });
export function useAdminCars(cursor?: string) {
  const trpc = useTRPC();
  return useQuery(trpc.cars.page.queryOptions(adminCarsInput(cursor)));
}

/**
 * Manage Cars (part 2 §2): every car with its links, the featured switch and Delete; a box to pick it for meet cards.
 * Phones get one card per car, with the same controls, instead of the table.
 */
export function CarsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const narrow = useNarrow();
  const cars = useAdminCars(pages.cursor);
  const [toDelete, setToDelete] = useState<Car | null>(null);
  // Cars ticked for meet cards, kept across pages.
  const [chosen, setChosen] = useState<number[]>([]);
  const choose = (id: number, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const update = useMutation(trpc.cars.update.mutationOptions());
  const remove = useMutation(trpc.admin.cars.delete.mutationOptions());
  // Every car query (home slider, gallery, car pages) may show the change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.cars.pathKey() });

  const setFeatured = (car: Car, featured: boolean) =>
    update.mutate(
      { id: car.id, featured },
      {
        onSuccess: (updated) => {
          // Show the response at once; the refetch that follows brings every other list up to date.
          queryClient.setQueryData(
            trpc.cars.page.queryKey(adminCarsInput(pages.cursor)),
            (page) => page && { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) },
          );
          notifyToast(MESSAGES.admin.done.carFeatured(carTitle(car), featured));
          void refresh();
        },
        onError: (error) => notifyError({ title: MESSAGES.upload.updateFailed }, error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const deleted = carTitle(toDelete);
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.admin.done.deleted(deleted));
          setToDelete(null);
          void refresh();
        },
        onError: (error) => notifyError(MESSAGES.admin.deleteFailed, error),
      },
    );
  };

  if (cars.isPending) return <PageLoader />;
  if (cars.isError) return <LoadError message={MESSAGES.fetchErrors.cars} query={cars} />;
  if (cars.data.items.length === 0 && pages.page === 0) return <Text c="dimmed">No cars have been submitted yet.</Text>;

  const updatingId = update.isPending ? update.variables?.id : undefined;
  // The parts of a car, shared by the table's row and the phone's card.
  const parts = (car: Car) => ({
    pick: (
      <Checkbox
        aria-label={`Meet card: ${carTitle(car)}`}
        checked={chosen.includes(car.id)}
        onChange={(event) => choose(car.id, event.currentTarget.checked)}
      />
    ),
    title: (
      <Anchor component={Link} href={`/cars/${car.slug}`} fw={600}>
        {carTitle(car)}
      </Anchor>
    ),
    featured: (
      <Switch
        aria-label={`Featured: ${carTitle(car)}`}
        checked={updatingId === car.id ? Boolean(update.variables?.featured) : car.featured}
        disabled={updatingId === car.id}
        onChange={(event) => setFeatured(car, event.currentTarget.checked)}
      />
    ),
    actions: (
      <Group gap="xs" wrap="nowrap">
        <ViewEditLinks car={car} />
        <Button size="xs" color="red" variant="light" onClick={() => setToDelete(car)}>
          Delete
        </Button>
      </Group>
    ),
  });

  return (
    <>
      <MeetCardsDownload carIds={chosen} />
      {narrow ? (
        <Stack gap="sm">
          {cars.data.items.map((car) => {
            const part = parts(car);
            return (
              <RowCard key={car.id} testId="car-card">
                <Stack gap="xs">
                  {/* The box first, as in the table; the name has the rest of the card's width and may wrap. */}
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {part.pick}
                    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {part.title}
                      <Text size="sm" c="dimmed">
                        {carOwner(car)}
                      </Text>
                    </div>
                  </Group>
                  <SimpleGrid cols={2} spacing="xs">
                    <Figure label="Votes" value={car.totalVotes} />
                    <Figure label="Featured" value={part.featured} />
                  </SimpleGrid>
                  <Group justify="flex-end">{part.actions}</Group>
                </Stack>
              </RowCard>
            );
          })}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Car</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Votes</Table.Th>
                <Table.Th>Featured</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cars.data.items.map((car) => {
                const part = parts(car);
                return (
                  <Table.Tr key={car.id} data-testid="car-row">
                    <Table.Td>{part.pick}</Table.Td>
                    <Table.Td>{part.title}</Table.Td>
                    <Table.Td>{carOwner(car)}</Table.Td>
                    <Table.Td>{car.totalVotes}</Table.Td>
                    <Table.Td>{part.featured}</Table.Td>
                    <Table.Td>{part.actions}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <CursorPager pages={pages} nextCursor={cars.data.nextCursor} />
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${carTitle(toDelete)}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
