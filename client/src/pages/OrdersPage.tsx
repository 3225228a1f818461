import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Tabs.css';
import { formatCents, formatOrderNumber, MESSAGES, type Order } from '@curbside/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadError } from '../components/LoadError';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../components/shop/order-status';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../lib/trpc';
import { OrderDetailsDialog } from './orders/OrderDetailsDialog';

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
  const orders = useQuery(trpc.orders.mine.queryOptions());
  const [open, setOpen] = useState<Order | null>(null);
  const { refetch } = orders;

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
        <Group justify="space-between">
          <Anchor component={Link} href="/">
            ← Back to Home
          </Anchor>
          <Button variant="light" onClick={() => void refetch()} loading={orders.isFetching}>
            Refresh
          </Button>
        </Group>
        <Title order={1}>My Orders</Title>
        <Tabs defaultValue="history">
          <Tabs.List>
            <Tabs.Tab value="history">Order History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="history" pt="md">
            {orders.isPending ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : orders.isError ? (
              // The page's own Back to Home link is just above: no second one here.
              <LoadError message={O.loadError} query={orders} back={null} />
            ) : orders.data.length === 0 ? (
              <Stack align="center" py="xl" gap="xs">
                <Title order={2} fz="xl">
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
                            <Badge color={ORDER_STATUS_COLOR[order.status]}>{orderStatusLabel(order.status)}</Badge>
                            <Text size="sm" c="dimmed">
                              {shortDate(order.createdAt)}
                            </Text>
                          </Group>
                          <Text fw={600}>Order {formatOrderNumber(order.id)}</Text>
                          <Text size="sm" c="dimmed">
                            {order.items.reduce((n, i) => n + i.quantity, 0)} item(s)
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
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
