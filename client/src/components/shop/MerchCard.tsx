import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import { formatCents, MESSAGES, merchQuantityOptions, type Product, stockNotice } from '@curbside/shared';
import { Button, Card, Group, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useInvalidateCart } from './useInvalidateCart';

const M = MESSAGES.merch;

/** One merchandise item: picture (opens the lightbox), name, price, description, stock notice, quantity, Add to Cart (or
 * a disabled 'Sold out' at no stock). */
export function MerchCard({ product, onOpenImage }: { product: Product; onOpenImage: (product: Product) => void }) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const invalidateCart = useInvalidateCart();
  const [quantity, setQuantity] = useState('1');
  const add = useMutation(trpc.cart.add.mutationOptions());
  const options = merchQuantityOptions(product.stock);
  const notice = stockNotice(product.stock);
  const soldOut = product.stock <= 0;

  async function addToCart() {
    if (!user) return notifyError(M.signInRequired);
    const count = Number(quantity) || 1;
    try {
      await add.mutateAsync({ productId: product.id, quantity: count });
      notifyToast(M.added(count, product.name));
    } catch (error) {
      notifyError(M.addFailed, error);
    } finally {
      void invalidateCart();
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="merch-card">
      <Card.Section>
        <UnstyledButton
          onClick={() => onOpenImage(product)}
          aria-label={`Enlarge picture of ${product.name}`}
          style={{ display: 'block', width: '100%' }}
        >
          {product.imageUrl ? (
            <img
              src={product.imageUrl}
              alt={product.name}
              loading="lazy"
              style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <div style={{ aspectRatio: '4 / 3', background: 'var(--mantine-color-default-border)' }} />
          )}
        </UnstyledButton>
      </Card.Section>
      {/* The rest fills the card, so every card in a row ends with its buttons on one line. */}
      <Stack gap={6} mt="sm" flex={1}>
        <Group justify="space-between" align="start" wrap="nowrap">
          <Title order={3} fz="lg">
            {product.name}
          </Title>
          <Text fw={700}>{formatCents(product.price)}</Text>
        </Group>
        {product.description ? (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        ) : null}
        {notice && !soldOut ? (
          <Text size="sm" c="orange" fw={600}>
            {notice}
          </Text>
        ) : null}
        {soldOut ? (
          // Nothing to choose: no empty quantity list, one disabled button that says why.
          <Button fullWidth disabled mt="auto">
            {M.soldOut}
          </Button>
        ) : (
          <Group align="end" wrap="nowrap" mt="auto">
            <Select
              label="Quantity"
              data={options.map(String)}
              value={quantity}
              onChange={(value) => setQuantity(value ?? '1')}
              allowDeselect={false}
              w={90}
            />
            <Button flex={1} onClick={() => void addToCart()} loading={add.isPending}>
              {MESSAGES.labels.addToCart}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
