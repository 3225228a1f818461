import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import {
  type CarEvent,
  eventCalendarFile,
  eventCalendarFileName,
  formatCentralEventDate,
  MESSAGES,
  SITE_NAME,
} from '@curbside/shared';
import { Button, Card, Center, Container, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BannerAd } from '../components/ads/BannerAd';
import { PLACEHOLDER_IMAGE } from '../components/cars/CarImage';
import { LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../lib/trpc';

const TEXT = MESSAGES.events;

/** /events: the upcoming car meets (spec part 1 §2 Events), with the banner advertisement above the list. */
export default function EventsPage() {
  useDocumentTitle(TEXT.title);
  const trpc = useTRPC();
  const events = useQuery(trpc.events.upcoming.queryOptions());

  return (
    <Container size="lg">
      <Stack gap="lg">
        <Title order={1}>{TEXT.title}</Title>
        <BannerAd />
        {events.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading events" />
          </Center>
        ) : events.isError ? (
          <LoadError message={TEXT.loadError} query={events} />
        ) : events.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" fz="lg" fw={600}>
            {TEXT.empty}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {events.data.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

function EventCard({ event }: { event: CarEvent }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="event-card">
      <Card.Section>
        <Image
          src={event.imageUrl}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt={event.title}
          h={200}
          fit="cover"
          loading="lazy"
        />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={2} size="h4">
          {event.title}
        </Title>
        <Text size="sm" fw={600} c="orange">
          <time dateTime={event.eventDate}>{formatCentralEventDate(event.eventDate)}</time>
        </Text>
        <Text size="sm" c="dimmed">
          {event.location}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {event.description}
        </Text>
        <Group mt="xs">
          {/* A data: address built here, no request: the browser saves the .ics file for the visitor's calendar. */}
          <Button
            component="a"
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(eventCalendarFile(event, SITE_NAME))}`}
            download={eventCalendarFileName(event.title)}
            aria-label={TEXT.addToCalendarLabel(event.title)}
            variant="default"
          >
            {TEXT.addToCalendar}
          </Button>
          {event.fbEventUrl && (
            <Button component="a" href={event.fbEventUrl} target="_blank" rel="noopener noreferrer" variant="light">
              {TEXT.viewFacebookEvent}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
