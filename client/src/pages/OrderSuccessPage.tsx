import '@mantine/core/styles/Card.css';
import {
  formatOrderNumber,
  LIMITS,
  MESSAGES,
  ORDER_CONFIRMATION_MESSAGES,
  type PaymentOrderRecord,
} from '@curbside/shared';
import { Button, Card, Center, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { OrderItemRows, OrderTotalsRows } from '../components/shop/order-parts';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/errors';
import { clearToasts } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

const M = ORDER_CONFIRMATION_MESSAGES;

/** Confetti for 3 seconds, none for a visitor who asks for reduced motion; the library loads only here. */
function useConfetti(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const end = Date.now() + LIMITS.confettiMs;
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        const frame = () => {
          if (stopped || Date.now() > end) return;
          confetti({ particleCount: 4, angle: 60, spread: 55, origin: { x: 0 }, disableForReducedMotion: true });
          confetti({ particleCount: 4, angle: 120, spread: 55, origin: { x: 1 }, disableForReducedMotion: true });
          requestAnimationFrame(frame);
        };
        frame();
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [enabled]);
}

/**
 * /order-success?payment_intent=…: the thank-you screen for the signed-in shopper's own paid payment. The payment
 * is reported once more (Stripe's redirect flow lands here without passing the checkout page; the call is
 * idempotent) and the server answers with that payment's order: its number, items and total are what this page
 * shows. A payment that is missing, not paid or someone else's is refused by the server, and the page says so
 * without claiming success. The cart is never emptied here: the server removed the paid lines when it made the
 * order, so coming Back to this page later leaves a new cart alone.
 */
export default function OrderSuccessPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = new URLSearchParams(useSearch());
  const paymentId = query.get('payment_intent');
  // Stripe's redirect flow lands here with redirect_status; a failed one is not a success.
  const failed = query.get('redirect_status') === 'failed';
  const recordOrder = useMutation(trpc.checkout.recordOrder.mutationOptions());
  const started = useRef(false);
  const order = recordOrder.data;
  useConfetti(order !== undefined);
  useDocumentTitle(order ? 'Order Confirmed' : 'Your Order');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit
  useEffect(() => {
    if (started.current || failed || !paymentId) return;
    started.current = true;
    recordOrder.mutate(
      { paymentId },
      {
        onSuccess: () => {
          // A 'Payment Failed' toast from an earlier attempt must not sit on top of the order it did not stop.
          clearToasts();
          void queryClient.invalidateQueries({ queryKey: trpc.cart.list.queryKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
        },
      },
    );
  }, []);

  if (failed) {
    return <Notice title={MESSAGES.checkout.paymentFailed.title} text={MESSAGES.checkout.paymentFailed.message} />;
  }
  if (!paymentId) return <Notice title={M.notConfirmedTitle} text={M.noPayment} />;
  if (recordOrder.isError) {
    return (
      <Notice
        title={M.notConfirmedTitle}
        text={M.notConfirmed(errorMessage(recordOrder.error, MESSAGES.server.paymentNotFound).replace(/\.$/, ''))}
      />
    );
  }
  if (!order) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{M.confirming}</Text>
        </Stack>
      </Center>
    );
  }
  return <Confirmed order={order} />;
}

function Confirmed({ order }: { order: PaymentOrderRecord }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack align="center" gap="xs" ta="center">
          <Title order={1}>{M.thankYou}</Title>
          <Text size="lg">
            Order number: <strong data-testid="order-number">{formatOrderNumber(order.id)}</strong>
          </Text>
          <Text c="dimmed">{M.paid}</Text>
        </Stack>
        <Card withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Text fw={600}>{M.itemsHeading}</Text>
            <OrderItemRows items={order.items} />
            <Divider my={4} />
            <OrderTotalsRows order={order} taxLabel={`Tax (${order.shippingAddress.state})`} />
          </Stack>
        </Card>
        <Group justify="center">
          <Button component={Link} href="/gallery">
            Continue Shopping
          </Button>
          <Button component={Link} href="/user/orders?fromOrderSuccess=true" variant="light">
            {M.viewOrders}
          </Button>
          <Button component={Link} href="/" variant="subtle">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** Not a success: what happened, and the ways on (the cart, My Orders). */
function Notice({ title, text }: { title: string; text?: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Group justify="center">
          <Button component={Link} href="/cart">
            {M.backToCart}
          </Button>
          <Button component={Link} href="/user/orders" variant="light">
            {M.viewOrders}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
