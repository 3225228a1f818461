import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import {
  CAR_CARD_MESSAGES,
  type HallOfFamePlace,
  type HallOfFameWinners,
  MESSAGES,
  primaryImage,
} from '@curbside/shared';
import { Anchor, Badge, Card, Container, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { CarImage } from '../components/cars/CarImage';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../lib/trpc';
import { hallOfFameMonth } from './hall-of-fame-month';
import classes from './leaderboard/leaderboard.module.css';

const TEXT = MESSAGES.hallOfFame;

// A place is named as stored when its month closed; a car deleted or unlisted since is marked removed, unlinked.
const carName = (place: HallOfFamePlace) => (place.car ? place.name : TEXT.removed(place.name));
const ownerOf = (place: HallOfFamePlace) => place.ownerName || CAR_CARD_MESSAGES.unknownOwner;
const photoOf = (place: HallOfFamePlace) => (place.car ? primaryImage(place.car.images) : null);

/** The place's name, linking to the car's page while it is there. */
function PlaceName({
  place,
  stretched,
  ...text
}: {
  place: HallOfFamePlace;
  fz?: number | string;
  fw: number;
  lh?: number;
  /** The link covers its whole card. */
  stretched?: boolean;
}) {
  return place.car ? (
    <Anchor
      component={Link}
      href={`/cars/${place.car.slug}`}
      className={stretched ? classes.stretched : undefined}
      {...text}
    >
      {carName(place)}
    </Anchor>
  ) : (
    <Text {...text}>{carName(place)}</Text>
  );
}

/**
 * /hall-of-fame?month=YYYY-MM: a closed month's final ranking (the newest by default), its winner large and places
 * 2–10 below, a month picker, and every closed month's winner, newest first.
 */
export default function HallOfFamePage() {
  useDocumentTitle(TEXT.title);
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const search = useSearch();
  const winners = useQuery(trpc.hallOfFame.winners.queryOptions());
  const month = hallOfFameMonth(search, winners.data);
  const ranking = useQuery({ ...trpc.hallOfFame.month.queryOptions({ month: month ?? '' }), enabled: Boolean(month) });

  const pick = (next: string) => navigate(`/hall-of-fame?month=${next}`);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{TEXT.title}</Title>
          <Text c="dimmed">{TEXT.intro}</Text>
        </Stack>
        {winners.isError ? (
          <LoadError message={TEXT.loadError} query={winners} back={BACK_TO_GALLERY} />
        ) : ranking.isError ? (
          <LoadError message={TEXT.loadError} query={ranking} back={null} />
        ) : winners.isPending ? (
          <Skeleton height={360} radius="md" />
        ) : winners.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" fz="lg" fw={600}>
            {TEXT.empty}
          </Text>
        ) : (
          <>
            <NativeSelect
              label={TEXT.monthPicker}
              value={month}
              onChange={(event) => pick(event.currentTarget.value)}
              data={winners.data.map((m) => ({ value: m.month, label: m.label }))}
              maw={260}
            />
            {ranking.data ? (
              <MonthRanking label={ranking.data.label} places={ranking.data.places} />
            ) : (
              <Skeleton height={360} radius="md" />
            )}
            <PastWinners months={winners.data} current={month} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function MonthRanking({ label, places }: { label: string; places: HallOfFamePlace[] }) {
  const [winner, ...rest] = places;
  return (
    <Stack gap="lg" component="section" aria-label={label}>
      {winner && (
        <Card withBorder radius="md" padding="lg" data-testid="hall-of-fame-winner" className={classes.winner}>
          {/* The photo large and the words beside it on wide screens, so the winner fits the first screen. */}
          <div className={classes.winnerLayout}>
            <CarImage
              image={photoOf(winner)}
              alt={carName(winner)}
              sizes="(min-width: 110em) 900px, (min-width: 62em) 60vw, 100vw"
              priority
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
            <Stack gap="xs" justify="center">
              <Badge color="yellow" variant="filled" size="lg">
                {TEXT.honour(1, label)}
              </Badge>
              <PlaceName place={winner} fz="clamp(1.75rem, 1.2rem + 1.5vw, 2.75rem)" fw={800} lh={1.1} />
              <Text c="dimmed">
                {ownerOf(winner)} · {TEXT.votesInMonth(winner.votes)}
              </Text>
            </Stack>
          </div>
        </Card>
      )}
      {rest.length > 0 && (
        <ol className={classes.placeGrid}>
          {rest.map((place) => (
            <li key={place.rank} className={classes.card} data-testid="hall-of-fame-place">
              <span className={classes.cardRank}>#{place.rank}</span>
              <CarImage image={photoOf(place)} alt="" sizes="88px" lazy className={classes.cardPhoto} />
              <div className={classes.cardText}>
                <PlaceName place={place} fw={700} stretched />
                <Text c="dimmed" fz="sm">
                  {ownerOf(place)} · {TEXT.votesInMonth(place.votes)}
                </Text>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Stack>
  );
}

function PastWinners({ months, current }: { months: HallOfFameWinners; current: string | undefined }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="past-winners">
      <Title order={2} id="past-winners" fz="h3">
        {TEXT.pastWinners}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        {months.map((m) => (
          <Card
            key={m.month}
            withBorder
            radius="md"
            padding="sm"
            component={Link}
            href={`/hall-of-fame?month=${m.month}`}
            aria-current={m.month === current ? 'page' : undefined}
            data-testid="past-winner"
          >
            <Card.Section>
              <CarImage image={photoOf(m.winner)} alt="" sizes="(min-width: 768px) 25vw, 50vw" lazy />
            </Card.Section>
            <Text fw={700} mt="xs">
              {m.label}
            </Text>
            <Text fz="sm">{carName(m.winner)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
