import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { MESSAGES } from '@curbside/shared';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';

const M = MESSAGES.meetCards;

/** Votes cast after scanning a meet card, per event (GET /api/admin/stats/card-votes), for the Statistics tab. */
export function CardVotesPanel() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.cardVotes.perEvent.queryOptions());

  return (
    <Paper withBorder radius="md" p="md" data-testid="card-votes">
      <Title order={3} fz="lg" mb="sm">
        {M.statsTitle}
      </Title>
      {stats.isPending ? (
        <PageLoader />
      ) : stats.isError ? (
        <LoadError message={M.statsLoadError} query={stats} back={null} />
      ) : stats.data.length === 0 ? (
        <Text c="dimmed">{M.statsEmpty}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.statsEvent}</Table.Th>
              <Table.Th ta="right">{M.statsVotes}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.data.map((row) => (
              <Table.Tr key={row.eventId ?? 'none'}>
                <Table.Td>{row.eventTitle ?? M.statsNoEvent}</Table.Td>
                <Table.Td ta="right">{row.votes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
