import { LIMITS, MESSAGES } from '@curbside/shared';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { notifyError } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

/** A random 7-digit number shown as the order number (display only: not the stored order id, spec part 2 §2). */
function displayOrderNumber(): number {
  return 1_000_000 + Math.floor(Math.random() * 9_000_000);
}

/** Confetti for 3 seconds; the library loads only here. */
function useConfetti(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const end = Date.now() + LIMITS.confettiMs;
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        const frame = () => {
          if (stopped || Date.now() > end) return;
          confetti({ particleCount: 4, angle: 60, spread: 55, origin: { x: 0 } });
          confetti({ particleCount: 4, angle: 120, spread: 55, origin: { x: 1 } });
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
 * /order-success?payment_intent=…: the thank-you screen. The payment is reported once more (Stripe's redirect flow
 * lands here without passing the checkout page; the call is idempotent) and the cart clear is attempted again.
 */
export default function OrderSuccessPage() {
  useDocumentTitle('Order Confirmed');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = new URLSearchParams(useSearch());
  const paymentId = query.get('payment_intent');
  // Stripe's redirect flow lands here with redirect_status; a failed one is not a success.
  const failed = query.get('redirect_status') === 'failed';
  const [orderNumber] = useState(displayOrderNumber);
  const recordOrder = useMutation(trpc.checkout.recordOrder.mutationOptions());
  const clearCart = useMutation(trpc.cart.clear.mutationOptions());
  const started = useRef(false);
  useConfetti(!failed);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit
  useEffect(() => {
    if (started.current || failed) return;
    started.current = true;
    void (async () => {
      if (paymentId) {
        await recordOrder
          .mutateAsync({ paymentId })
          .catch((error) => console.error('Saving the order record failed', error));
      }
      try {
        await clearCart.mutateAsync();
      } catch {
        notifyError({ title: 'Cart', message: MESSAGES.checkout.cartNotCleared });
      }
      void queryClient.invalidateQueries({ queryKey: trpc.cart.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
    })();
  }, []);

  if (failed) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>{MESSAGES.checkout.paymentFailed.title}</Title>
          <Text c="dimmed">{MESSAGES.checkout.paymentFailed.message}</Text>
          <Button component={Link} href="/cart">
            Back to Cart
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Thank you for your order!</Title>
        <Text size="lg">
          Order number: <strong data-testid="display-order-number">#{orderNumber}</strong>
        </Text>
        <Text c="dimmed">
          Your payment was successful. A confirmation e-mail is on its way, and you can follow the order in My Orders.
        </Text>
        <Group justify="center">
          <Button component={Link} href="/gallery">
            Continue Shopping
          </Button>
          <Button component={Link} href="/user/orders?fromOrderSuccess=true" variant="light">
            View My Orders
          </Button>
          <Button component={Link} href="/" variant="subtle">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
