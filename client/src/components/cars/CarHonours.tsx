import '@mantine/core/styles/Badge.css';
import { HALL_OF_FAME_MESSAGES } from '@curbside/shared';
import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';

/**
 * A car's Hall of Fame honours ("Car of the Month · October 2026", "#3 · September 2026"), newest first, each a link
 * to that month. Nothing while loading, on an error or for a car without honours: they are a bonus to the page.
 */
export function CarHonours({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const honours = useQuery(trpc.hallOfFame.honours.queryOptions({ slug }));
  if (!honours.data?.length) return null;
  return (
    <Group gap="xs" data-testid="car-honours">
      {honours.data.map((honour) => (
        <Badge
          key={honour.month}
          component={Link}
          href={`/hall-of-fame?month=${honour.month}`}
          color={honour.rank === 1 ? 'yellow' : 'gray'}
          variant={honour.rank === 1 ? 'filled' : 'light'}
          style={{ cursor: 'pointer' }}
        >
          {HALL_OF_FAME_MESSAGES.honour(honour.rank, honour.label)}
        </Badge>
      ))}
    </Group>
  );
}
