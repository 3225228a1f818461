import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { type LeaderboardPeriod, MESSAGES } from '@curbside/shared';
import { Anchor, Container, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { HydrationUnit } from '../components/HydrationUnit';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useIslands } from '../islands/context';
import { LANDING_INPUTS } from '../landing-inputs';
import { useTRPC } from '../lib/trpc';
import { PeriodSwitch } from './leaderboard/PeriodSwitch';
import { Ranking } from './leaderboard/Ranking';
import { leaderboardInput, leaderboardMonthOf } from './leaderboard-period';

/** Where a period's leaderboard is: This Month, the default, at /leaderboard itself. */
function periodSearch(period: LeaderboardPeriod) {
  return period === LANDING_INPUTS.leaderboard.period ? '' : `?period=${period}`;
}

/**
 * The leaderboard: a podium for the first three, then the spec's table (Rank, Car, Owner, Classification, Votes,
 * Change, Action) on wide screens or a card per place on a phone (leaderboard/Ranking.tsx). A closed month
 * (`?month=`) shows its final ranking the same way, without Change.
 */
export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const search = useSearch();
  const input = leaderboardInput(search);
  const pastMonth = leaderboardMonthOf(search);
  // On an islands page (islands/navigate.ts), a choice is the address of its page.
  const islands = useIslands();
  const monthHref = (month: string) => (month ? `/leaderboard?month=${month}` : '/leaderboard');
  const monthValue = (month: string) => (islands ? monthHref(month) : month);
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
            <PeriodSwitch
              value={pastMonth === null ? period : null}
              onChange={(value) => navigate(`/leaderboard${periodSearch(value)}`)}
              islandHref={islands ? (value) => `/leaderboard${periodSearch(value)}` : undefined}
            />
            {closedMonths.data?.length ? (
              <NativeSelect
                aria-label={MESSAGES.hallOfFame.pastMonths}
                value={monthValue(pastMonth ?? '')}
                onChange={(event) => navigate(monthHref(event.currentTarget.value))}
                data={[
                  { value: monthValue(''), label: MESSAGES.hallOfFame.pastMonths },
                  ...closedMonths.data.map((m) => ({ value: monthValue(m.month), label: m.label })),
                ]}
                data-island={islands ? 'navigate' : undefined}
                autoComplete={islands ? 'off' : undefined}
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
                <Ranking places={top.data} showChange />
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
                <Ranking
                  places={past.data.places.map((place) =>
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
