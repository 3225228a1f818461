import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { type Car, MESSAGES, meetCardPaths, primaryImage } from '@curbside/shared';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { VoteCount } from '../../components/cars/CarCard';
import { CarImage } from '../../components/cars/CarImage';
import { ReviewBadge } from '../../components/cars/ReviewNotice';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';

const P = MESSAGES.profile;
const created = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** 'My Vehicles': the user's cars with Edit and View car page (there is no public owner page), or the empty state. */
export function MyVehicles() {
  const trpc = useTRPC();
  const cars = useQuery(trpc.cars.owned.queryOptions());
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>My Vehicles</Title>
        <Button component={Link} href="/upload">
          Add New Vehicle
        </Button>
      </Group>
      {cars.isPending ? (
        <PageLoader />
      ) : cars.isError ? (
        <LoadError message={MESSAGES.fetchErrors.cars} explanation={MESSAGES.loadError.cars} query={cars} />
      ) : cars.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center">
            <Text fw={600}>{P.noVehicles}</Text>
            <Button component={Link} href="/upload" variant="light">
              {P.addFirstVehicle}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {cars.data.map((car) => (
            <VehicleCard key={car.id} car={car} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function VehicleCard({ car }: { car: Car }) {
  const image = primaryImage(car.images) ?? car.images[0] ?? null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="vehicle-card">
      <Card.Section>
        <CarImage image={image} alt={`${car.make} ${car.model}`} sizes="(min-width: 62em) 33vw, 100vw" lazy />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="lg" lineClamp={1}>
            {car.make} {car.model}
          </Title>
          {car.review ? (
            <ReviewBadge review={car.review} />
          ) : car.featured ? (
            <Badge color="yellow" variant="filled">
              Featured
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {car.year} · {car.category ?? 'Uncategorized'}
        </Text>
        <Group justify="space-between">
          <Text size="sm">Added {created(car.createdAt)}</Text>
          <VoteCount count={car.totalVotes} period="all" />
        </Group>
        <Group grow mt="xs">
          <Button component={Link} href={`/upload?edit=${car.id}`} variant="light">
            Edit
          </Button>
          <Button component={Link} href={`/cars/${car.slug}`} variant="default">
            {P.viewCarPage}
          </Button>
        </Group>
        <Button component="a" href={meetCardPaths.owner(car.id, 'a6')} download variant="subtle" size="compact-sm">
          {MESSAGES.meetCards.download}
        </Button>
      </Stack>
    </Card>
  );
}
