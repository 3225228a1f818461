import '@mantine/core/styles/SimpleGrid.css';
import { categoryLabel, MESSAGES } from '@curbside/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';
import classes from './stats-bars.module.css';

const CARDS = [
  { key: 'totalCars', label: 'Total Cars' },
  { key: 'featuredCars', label: 'Featured Cars' },
  { key: 'totalVotes', label: 'Total Votes' },
] as const;

/**
 * Statistics (part 2 §2): three counters and the Category Distribution, all counted by the server
 * (GET /api/admin/stats). The bar chart is plain HTML and CSS: a labelled bar per category, readable by screen
 * readers and light enough for the admin chunk.
 */
export function StatsTab() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.overview.queryOptions());

  if (stats.isPending) return <PageLoader />;
  if (stats.isError) return <LoadError message={MESSAGES.fetchErrors.siteStats} query={stats} />;
  const { categories } = stats.data;
  const highest = Math.max(1, ...categories.map((c) => c.count));
  const total = categories.reduce((sum, c) => sum + c.count, 0);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CARDS.map((card) => (
          <Paper key={card.key} withBorder p="lg" radius="md">
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {card.label}
            </Text>
            <Text fz={32} fw={800} data-testid={`stat-${card.key}`}>
              {stats.data[card.key].toLocaleString('en-US')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h3" mb="md">
          {MESSAGES.labels.categoryDistribution}
        </Title>
        {categories.length === 0 ? (
          <Text c="dimmed">{MESSAGES.admin.noCategoryData}</Text>
        ) : (
          <ul className={classes.chart} aria-label={MESSAGES.labels.categoryDistribution}>
            {categories.map(({ category, count }) => {
              const label = categoryLabel(category);
              const share = total ? Math.round((count / total) * 100) : 0;
              return (
                <li key={label} className={classes.row} data-testid="category-bar">
                  <span className={classes.label}>{label}</span>
                  <span className={classes.track} aria-hidden="true">
                    <span className={classes.bar} style={{ width: `${(count / highest) * 100}%` }} />
                  </span>
                  <span className={classes.value}>
                    {count} <span className={classes.share}>({share}%)</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Paper>
    </Stack>
  );
}
