import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import {
  type HallOfFamePlace,
  LEADERBOARD_PERIOD_LABELS,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  MESSAGES,
  primaryImage,
} from '@curbside/shared';
import {
  Anchor,
  Badge,
  Container,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { CarImage } from '../components/cars/CarImage';
import { HydrationUnit } from '../components/HydrationUnit';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LANDING_INPUTS } from '../landing-inputs';
import { useTRPC } from '../lib/trpc';
import { leaderboardInput, leaderboardMonthOf } from './leaderboard-period';

/** From this width the table has every column; below it, the phone layout. */
const WIDE = 'sm';

/** The Change cell: places moved since 24 hours ago, or New. */
export function ChangeBadge({ entry }: { entry: Pick<LeaderboardEntry, 'change' | 'isNew'> }) {
  if (entry.isNew || entry.change === null) {
    return (
      <Badge color="blue" variant="light">
        New
      </Badge>
    );
  }
  if (entry.change > 0) {
    return (
      <Text c="green" fw={600} aria-label={`Up ${entry.change}`}>
        ▲ {entry.change}
      </Text>
    );
  }
  if (entry.change < 0) {
    return (
      <Text c="red" fw={600} aria-label={`Down ${-entry.change}`}>
        ▼ {-entry.change}
      </Text>
    );
  }
  return (
    <Text c="dimmed" aria-label="No change">
      –
    </Text>
  );
}

/** Where a period's leaderboard is: This Month, the default, at /leaderboard itself. */
function periodSearch(period: LeaderboardPeriod) {
  return period === LANDING_INPUTS.leaderboard.period ? '' : `?period=${period}`;
}

/**
 * The spec's table (Rank, Car, Owner, Classification, Votes, Change, Action). On a phone, Owner, Classification and
 * Action give way so the rest fits without sideways scrolling: the car's name, a link like View, carries the owner and
 * classification under it. One table for every width, switched by CSS, so the server's render fits any screen.
 */
export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const search = useSearch();
  const input = leaderboardInput(search);
  const pastMonth = leaderboardMonthOf(search);
  const { period } = input;
  const top = useQuery({ ...trpc.cars.top.queryOptions(input), enabled: pastMonth === null });
  const closedMonths = useQuery(trpc.hallOfFame.winners.queryOptions());
  const past = useQuery({
    ...trpc.hallOfFame.month.queryOptions({ month: pastMonth ?? '' }),
    enabled: pastMonth !== null,
  });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{MESSAGES.leaderboard.title}</Title>
          <Group gap="sm" align="flex-end">
            <SegmentedControl
              value={pastMonth === null ? period : ''}
              onChange={(value) => navigate(`/leaderboard${periodSearch(value as LeaderboardPeriod)}`)}
              data={[
                { value: 'month', label: LEADERBOARD_PERIOD_LABELS.month },
                { value: 'all', label: LEADERBOARD_PERIOD_LABELS.all },
              ]}
              aria-label="Period"
            />
            {closedMonths.data?.length ? (
              <NativeSelect
                aria-label={MESSAGES.hallOfFame.pastMonths}
                value={pastMonth ?? ''}
                onChange={(event) =>
                  navigate(
                    event.currentTarget.value ? `/leaderboard?month=${event.currentTarget.value}` : '/leaderboard',
                  )
                }
                data={[
                  { value: '', label: MESSAGES.hallOfFame.pastMonths },
                  ...closedMonths.data.map((m) => ({ value: m.month, label: m.label })),
                ]}
              />
            ) : null}
          </Group>
        </Group>
        <HydrationUnit defer>
          {pastMonth === null ? (
            <>
              <Text size="sm" c="dimmed">
                Change compares each car's rank with its rank 24 hours ago. Past months:{' '}
                <Anchor component={Link} href="/hall-of-fame" underline="always">
                  {MESSAGES.hallOfFame.title}
                </Anchor>
                .
              </Text>
              {top.isPending ? (
                <Skeleton height={320} radius="md" />
              ) : top.isError ? (
                <LoadError message={MESSAGES.leaderboard.loadError} query={top} back={BACK_TO_GALLERY} />
              ) : top.data.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl">
                  {MESSAGES.leaderboard.empty}
                </Text>
              ) : (
                <RankingTable entries={top.data} showChange />
              )}
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {MESSAGES.hallOfFame.finalRanking(past.data?.label ?? pastMonth)}
              </Text>
              {past.isPending ? (
                <Skeleton height={320} radius="md" />
              ) : past.isError ? (
                <LoadError message={MESSAGES.hallOfFame.monthNotClosed} query={past} back={BACK_TO_LEADERBOARD} />
              ) : (
                <RankingTable
                  entries={past.data.places.map((place) =>
                    place.car
                      ? { ...place.car, rank: place.rank, votes: place.votes }
                      : {
                          removed: true as const,
                          rank: place.rank,
                          votes: place.votes,
                          name: place.name,
                          ownerName: place.ownerName,
                        },
                  )}
                  showChange={false}
                />
              )}
            </>
          )}
        </HydrationUnit>
      </Stack>
    </Container>
  );
}

const BACK_TO_LEADERBOARD = { href: '/leaderboard', label: MESSAGES.leaderboard.title };

type RankedCar = Omit<LeaderboardEntry, 'change' | 'isNew'> & Partial<Pick<LeaderboardEntry, 'change' | 'isNew'>>;
/** A closed month's place whose car was deleted or unlisted since: named as stored when the month closed. */
type RemovedPlace = { removed: true } & Pick<HallOfFamePlace, 'rank' | 'votes' | 'name' | 'ownerName'>;

function RankingTable({ entries, showChange }: { entries: (RankedCar | RemovedPlace)[]; showChange: boolean }) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Rank</Table.Th>
          <Table.Th>Car</Table.Th>
          <Table.Th visibleFrom={WIDE}>Owner</Table.Th>
          <Table.Th visibleFrom={WIDE}>Classification</Table.Th>
          <Table.Th>Votes</Table.Th>
          {showChange && <Table.Th>Change</Table.Th>}
          <Table.Th visibleFrom={WIDE}>Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => {
          if ('removed' in entry) return <RemovedRow key={`removed-${entry.rank}`} place={entry} />;
          const owner = entry.ownerName || MESSAGES.carCard.unknownOwner;
          const classification = entry.category || MESSAGES.carCard.otherCategory;
          return (
            <Table.Tr key={entry.id} data-testid="leaderboard-row">
              <Table.Td fw={700}>#{entry.rank}</Table.Td>
              <Table.Td>
                {/* Photo beside the name where the column has room; above it on a phone. */}
                <Group gap="sm">
                  <CarImage
                    image={primaryImage(entry.images)}
                    alt=""
                    sizes="64px"
                    lazy
                    style={{ width: 64, flex: 'none', borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                  <div style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                    <Anchor component={Link} href={`/cars/${entry.slug}`} fw={600}>
                      {entry.year} {entry.make} {entry.model}
                    </Anchor>
                    <Text size="xs" c="dimmed" hiddenFrom={WIDE}>
                      {owner} · {classification}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td visibleFrom={WIDE}>{owner}</Table.Td>
              <Table.Td visibleFrom={WIDE}>{classification}</Table.Td>
              <Table.Td>{entry.votes}</Table.Td>
              {showChange && (
                <Table.Td>
                  <ChangeBadge entry={{ change: entry.change ?? null, isNew: entry.isNew ?? false }} />
                </Table.Td>
              )}
              <Table.Td visibleFrom={WIDE}>
                <Anchor component={Link} href={`/cars/${entry.slug}`}>
                  View
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function RemovedRow({ place }: { place: RemovedPlace }) {
  return (
    <Table.Tr data-testid="leaderboard-row">
      <Table.Td fw={700}>#{place.rank}</Table.Td>
      <Table.Td>
        <Text fw={600}>{MESSAGES.hallOfFame.removed(place.name)}</Text>
        <Text size="xs" c="dimmed" hiddenFrom={WIDE}>
          {place.ownerName || MESSAGES.carCard.unknownOwner}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom={WIDE}>{place.ownerName || MESSAGES.carCard.unknownOwner}</Table.Td>
      <Table.Td visibleFrom={WIDE} />
      <Table.Td>{place.votes}</Table.Td>
      <Table.Td visibleFrom={WIDE} />
    </Table.Tr>
  );
}
