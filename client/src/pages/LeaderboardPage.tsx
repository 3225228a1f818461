import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { LEADERBOARD_PERIOD_LABELS, type LeaderboardEntry, type LeaderboardPeriod, MESSAGES } from '@curbside/shared';
import { Anchor, Badge, Container, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LANDING_INPUTS } from '../landing';
import { useTRPC } from '../lib/trpc';

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

export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const trpc = useTRPC();
  const [period, setPeriod] = useState<LeaderboardPeriod>('month');
  const top = useQuery(trpc.cars.top.queryOptions({ ...LANDING_INPUTS.leaderboard, period }));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{MESSAGES.leaderboard.title}</Title>
          <SegmentedControl
            value={period}
            onChange={(value) => setPeriod(value as LeaderboardPeriod)}
            data={[
              { value: 'month', label: LEADERBOARD_PERIOD_LABELS.month },
              { value: 'all', label: LEADERBOARD_PERIOD_LABELS.all },
            ]}
            aria-label="Period"
          />
        </Group>
        <Text size="sm" c="dimmed">
          Change compares each car's rank with its rank 24 hours ago.
        </Text>
        {top.isPending ? (
          <Skeleton height={320} radius="md" />
        ) : top.isError ? (
          <Text c="red.4" role="alert">
            {MESSAGES.leaderboard.loadError}
          </Text>
        ) : top.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {MESSAGES.leaderboard.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rank</Table.Th>
                  <Table.Th>Car</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Classification</Table.Th>
                  <Table.Th>Votes</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {top.data.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="leaderboard-row">
                    <Table.Td fw={700}>#{entry.rank}</Table.Td>
                    <Table.Td>
                      {entry.year} {entry.make} {entry.model}
                    </Table.Td>
                    <Table.Td>{entry.ownerName || MESSAGES.carCard.unknownOwner}</Table.Td>
                    <Table.Td>{entry.category || MESSAGES.carCard.otherCategory}</Table.Td>
                    <Table.Td>{entry.votes}</Table.Td>
                    <Table.Td>
                      <ChangeBadge entry={entry} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} href={`/cars/${entry.slug}`}>
                        View
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
