import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import { CART_CLEAR_MESSAGES, MESSAGES } from '@curbside/shared';
import { Anchor, Button, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { cartTotals, taxLabel } from '../components/shop/cart-totals';
import { OrderSummary } from '../components/shop/OrderSummary';
import { useInvalidateCart } from '../components/shop/useInvalidateCart';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/errors';
import { notifyError } from '../lib/notify';
import { useTRPC } from '../lib/trpc';
import { CartLine } from './cart/CartLine';

const CLEAR = CART_CLEAR_MESSAGES;
// Loaded when Clear Cart is pressed: the cart page's code is preloaded with the app shell, which is at its budget.
const ConfirmDialog = lazy(() => import('../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * /cart (spec part 2 §2 Cart). The summary uses the server's rules: the tax shown is the 6% estimate until the
 * checkout knows the shipping state (not the spec's flat 10%, which is not what would be charged).
 */
export default function CartPage() {
  useDocumentTitle('Cart');
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const invalidateCart = useInvalidateCart();
  const cart = useQuery(trpc.cart.list.queryOptions());
  const clear = useMutation(trpc.cart.clear.mutationOptions());
  const [confirmClear, setConfirmClear] = useState(false);

  async function clearCart() {
    try {
      await clear.mutateAsync();
    } catch (error) {
      notifyError({ title: MESSAGES.cart.clearFailed }, error);
    } finally {
      setConfirmClear(false);
      void invalidateCart();
    }
  }

  return (
    <Container size="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Your Cart</Title>
          {/* A 44 px touch target, like the cart's other controls. */}
          <Anchor component={Link} href="/gallery" display="inline-flex" mih={44} style={{ alignItems: 'center' }}>
            ← Back to Gallery
          </Anchor>
        </Group>
        {cart.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : cart.isError ? (
          <LoadError
            message={MESSAGES.cart.loadError(errorMessage(cart.error, cart.error.message))}
            query={cart}
            back={BACK_TO_GALLERY}
          />
        ) : cart.data.length === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <Title order={2} fz="xl">
              {MESSAGES.cart.empty.message}
            </Title>
            <Group>
              <Button component={Link} href="/gallery" h={44}>
                Browse Gallery
              </Button>
              <Button component={Link} href="/merch" variant="light" h={44}>
                Shop Merchandise
              </Button>
            </Group>
          </Stack>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="sm">
                {cart.data.map((item) => (
                  <CartLine key={item.id} item={item} />
                ))}
                <Group justify="flex-end">
                  <Button variant="subtle" color="red" h={44} onClick={() => setConfirmClear(true)}>
                    {CLEAR.confirm}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <OrderSummary
                totals={cartTotals(cart.data)}
                taxLabel={taxLabel(null)}
                footer={
                  <>
                    <Text size="xs" c="dimmed">
                      Tax is set by the shipping state at checkout.
                    </Text>
                    <Button mt="sm" fullWidth size="md" h={48} onClick={() => navigate('/checkout')}>
                      Proceed to Checkout
                    </Button>
                  </>
                }
              />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      {confirmClear ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened
            title={CLEAR.title}
            message={CLEAR.message}
            confirmLabel={CLEAR.confirm}
            cancelLabel={CLEAR.cancel}
            loading={clear.isPending}
            onConfirm={() => void clearCart()}
            onClose={() => setConfirmClear(false)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
