import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import {
  type CreatePaymentIntentInput,
  type CreatePaymentIntentOutput,
  ESTIMATED_DELIVERY,
  formatCents,
  MESSAGES,
} from '@curbside/shared';
import { Button, Card, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { LoadError } from '../components/LoadError';
import { cartTotals, taxLabel } from '../components/shop/cart-totals';
import { OrderSummary } from '../components/shop/OrderSummary';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { notifyError } from '../lib/notify';
import { useTRPC } from '../lib/trpc';
import touch from '../styles/touch.module.css';
import { CheckoutSteps } from './checkout/CheckoutSteps';
import { ShippingFormFields, useShippingForm } from './checkout/ShippingForm';
import { TestCardForm } from './checkout/TestCardForm';

// Stripe.js and its React bindings load only here, and only when Stripe is the provider.
const StripePaymentForm = lazy(() => import('./checkout/StripePaymentForm'));

const C = MESSAGES.checkout;

/**
 * /checkout (spec part 2 §2): (1) shipping information, then the server prices the cart for that state and opens
 * a payment; (2) the card form. After a successful payment the order is recorded (the server removes the paid cart
 * lines with it) and the shopper goes to /order-success, which shows that order.
 */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const cart = useQuery(trpc.cart.list.queryOptions());
  const config = useQuery(trpc.checkout.paymentConfig.queryOptions());
  const form = useShippingForm(user?.email ?? '', user?.name ?? '');
  const createIntent = useMutation(trpc.checkout.createPaymentIntent.mutationOptions());
  const recordOrder = useMutation(trpc.checkout.recordOrder.mutationOptions());
  const [payment, setPayment] = useState<CreatePaymentIntentOutput | null>(null);
  const finishing = useRef(false);

  // An empty cart cannot be checked out (unless it just emptied because this checkout succeeded).
  useEffect(() => {
    if (cart.data && cart.data.length === 0 && !finishing.current) {
      notifyError(C.emptyCart);
      navigate('/cart', { replace: true });
    }
  }, [cart.data, navigate]);

  async function startPayment(input: CreatePaymentIntentInput) {
    try {
      setPayment(await createIntent.mutateAsync(input));
    } catch (error) {
      notifyError({ title: C.initFailed }, error);
      void queryClient.invalidateQueries({ queryKey: trpc.cart.list.queryKey() });
    }
  }

  async function paid(paymentId: string) {
    finishing.current = true;
    try {
      await recordOrder.mutateAsync({ paymentId });
    } catch (error) {
      // The spec: a failure to save the order record is only logged; the webhook/payment makes the order anyway.
      console.error('Saving the order record failed', error);
    }
    // The server removed the paid lines with the order; lines added since (another tab) stay in the cart.
    await queryClient.invalidateQueries({ queryKey: trpc.cart.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
    navigate(`/order-success?payment_intent=${encodeURIComponent(paymentId)}`);
  }

  if (cart.isPending || config.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const backToCart = { href: '/cart', label: MESSAGES.loadError.backToCart };
  if (cart.isError) {
    return <LoadError message={MESSAGES.cart.loadError(cart.error.message)} query={cart} back={backToCart} />;
  }
  if (config.isError) {
    return (
      <LoadError message={C.initFailed} explanation={MESSAGES.loadError.checkout} query={config} back={backToCart} />
    );
  }

  const items = cart.data;
  const state = payment ? form.values.shippingAddress.state : form.values.shippingAddress.state || null;
  const totals = payment
    ? { subtotal: payment.amount, shipping: payment.shipping, tax: payment.tax, total: payment.total }
    : cartTotals(items, state);

  return (
    <Container size="lg" className={touch.targets}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Checkout</Title>
          <CheckoutSteps current={payment === null ? 0 : 1} />
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="md" padding="lg">
              {payment === null ? (
                <ShippingFormFields
                  form={form}
                  onSubmit={(input) => void startPayment(input)}
                  submitting={createIntent.isPending}
                />
              ) : (
                <Stack gap="sm">
                  {/* On one row at 390 px: the way back is a compact link-like button, its label wrapping rather than
                      the row on a narrower screen. */}
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Title order={2} fz="lg" style={{ flex: 'none' }}>
                      2. Payment
                    </Title>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      h="auto"
                      mih={44}
                      px="xs"
                      mr={-8}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'right' } }}
                      onClick={() => setPayment(null)}
                    >
                      {MESSAGES.labels.backToShipping}
                    </Button>
                  </Group>
                  {payment.provider === 'test' ? (
                    <TestCardForm
                      paymentId={payment.paymentId}
                      clientSecret={payment.clientSecret}
                      onPaid={(id) => void paid(id)}
                    />
                  ) : config.data.publishableKey ? (
                    <Suspense
                      fallback={
                        <Center py="md">
                          <Loader />
                        </Center>
                      }
                    >
                      <StripePaymentForm
                        publishableKey={config.data.publishableKey}
                        clientSecret={payment.clientSecret}
                        onPaid={(id) => void paid(id)}
                      />
                    </Suspense>
                  ) : (
                    <Text c="red">{C.initFailed}</Text>
                  )}
                </Stack>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              totals={totals}
              taxLabel={taxLabel(state)}
              footer={
                <Text size="sm" c="dimmed" mt="xs">
                  Estimated delivery: {ESTIMATED_DELIVERY}
                </Text>
              }
            >
              <Stack gap={4} mb="xs">
                {items.map((item) => (
                  <Group key={item.id} justify="space-between" wrap="nowrap">
                    <Text size="sm" lineClamp={1}>
                      {item.quantity} × {item.product.name}
                      {item.car ? ` — ${item.car.make} ${item.car.model}` : ''}
                    </Text>
                    <Text size="sm">{formatCents(item.price * item.quantity)}</Text>
                  </Group>
                ))}
              </Stack>
            </OrderSummary>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
