import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ScrollArea.css';
import { formatCents, formatOrderNumber, MESSAGES, type Order } from '@curbside/shared';
import { Anchor, Button, Card, Center, Container, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../lib/trpc';
import { OrderDetailsDialog } from './orders/OrderDetailsDialog';
import { StatusBadge } from './orders/StatusBadge';

const O = MESSAGES.myOrders;
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** /user/orders (spec part 1 §2 My Orders). */
export default function OrdersPage() {
  useDocumentTitle('My Orders');
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  // Read again on each visit and when the visitor comes back to the tab: a status the shop changed shows without a
  // Refresh button.
  const orders = useQuery({ ...trpc.orders.mine.queryOptions(), staleTime: 0, refetchOnWindowFocus: true });
  const [open, setOpen] = useState<Order | null>(null);

  // Coming from the order-success screen: the cached list is out of date; read it again, then drop the query string.
  useEffect(() => {
    if (new URLSearchParams(search).get('fromOrderSuccess') === 'true') {
      void queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
      navigate('/user/orders', { replace: true });
    }
  }, [search, queryClient, trpc, navigate]);

  return (
    <Container size="md">
      <Stack gap="md">
        <Anchor component={Link} href="/">
          ← Back to Home
        </Anchor>
        <Title order={1}>My Orders</Title>
        <section aria-labelledby="order-history">
          <Title order={2} fz="lg" id="order-history" mb="md">
            {O.historyTitle}
          </Title>
          {orders.isPending ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : orders.isError ? (
            // The page's own Back to Home link is just above: no second one here.
            <LoadError message={O.loadError} query={orders} back={null} />
          ) : orders.data.length === 0 ? (
            <Stack align="center" py="xl" gap="xs">
              <Title order={3} fz="xl">
                {O.emptyTitle}
              </Title>
              <Text c="dimmed">{O.emptyText}</Text>
              <Button component={Link} href="/gallery">
                {O.startShopping}
              </Button>
            </Stack>
          ) : (
            <ScrollArea h={600} type="auto">
              <Stack gap="sm" pr="sm">
                {orders.data.map((order) => (
                  <Card key={order.id} withBorder radius="md" padding="md" data-testid="order-row">
                    <Group justify="space-between" wrap="wrap">
                      <Stack gap={2}>
                        <Group gap="xs">
                          <StatusBadge status={order.status} />
                          <Text size="sm" c="dimmed">
                            {shortDate(order.createdAt)}
                          </Text>
                        </Group>
                        <Text fw={600}>Order {formatOrderNumber(order.id)}</Text>
                        <Text size="sm" c="dimmed">
                          {O.itemCount(order.items.reduce((n, i) => n + i.quantity, 0))}
                        </Text>
                      </Stack>
                      <Group>
                        <Text fw={700}>{formatCents(order.total)}</Text>
                        <Button variant="default" onClick={() => setOpen(order)}>
                          {MESSAGES.labels.viewDetails}
                        </Button>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </ScrollArea>
          )}
        </section>
      </Stack>
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
