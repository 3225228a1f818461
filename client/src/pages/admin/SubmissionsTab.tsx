import '@mantine/core/styles/Card.css';
import { MESSAGES, primaryImage } from '@curbside/shared';
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { CarImage } from '../../components/cars/CarImage';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { carOwner, carTitle, useAdminCars, ViewEditLinks } from './CarsTab';

/** How many of the newest cars the Submissions tab shows (part 2 §2). */
export const RECENT_SUBMISSIONS = 5;

const submitted = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Recent submissions: the 5 newest cars (the car list is newest first), with thumbnail, owner, date and links. */
export function SubmissionsTab() {
  const cars = useAdminCars();
  if (cars.isPending) return <PageLoader />;
  if (cars.isError) return <LoadError message={MESSAGES.fetchErrors.cars} query={cars} />;
  const recent = cars.data.items.slice(0, RECENT_SUBMISSIONS);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        Recent Submissions
      </Title>
      {recent.length === 0 ? <Text c="dimmed">No cars have been submitted yet.</Text> : null}
      {recent.map((car) => (
        <Card key={car.id} withBorder radius="md" padding="sm" data-testid="submission">
          <Group wrap="nowrap" align="center">
            <Box w={120} style={{ flexShrink: 0 }}>
              <CarImage image={primaryImage(car.images)} alt={carTitle(car)} sizes="120px" lazy />
            </Box>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Anchor component={Link} href={`/cars/${car.slug}`} fw={600}>
                {carTitle(car)}
              </Anchor>
              <Text size="sm">by {carOwner(car)}</Text>
              <Text size="sm" c="dimmed">
                Submitted {submitted(car.createdAt)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <ViewEditLinks car={car} />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
