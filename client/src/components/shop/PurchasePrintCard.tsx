import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import { carPrintTotal, formatCents, MESSAGES } from '@curbside/shared';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { QuantityStepper } from './QuantityStepper';
import { useInvalidateCart } from './useInvalidateCart';

export interface PurchasePrintCardProps {
  carId: number;
  /** Ids of the car images ticked for print purchase. */
  selectedImageIds: number[];
  /** Called after every selected print was added, so the page can clear the selection. */
  onAdded: () => void;
}

const T = MESSAGES.printCart;

/**
 * Purchase Print (spec part 1 §2): a print product, a quantity, and Add to Cart, which adds one cart line per
 * selected photo. The total shown is price × quantity × photos; the server prices the cart itself.
 */
export function PurchasePrintCard({ carId, selectedImageIds, onAdded }: PurchasePrintCardProps) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const invalidateCart = useInvalidateCart();
  const products = useQuery(trpc.products.list.queryOptions({ limit: 100 }));
  const prints = (products.data ?? []).filter((p) => !p.isMerch && p.active);
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const add = useMutation(trpc.cart.add.mutationOptions());
  const [adding, setAdding] = useState(false);

  const product = prints.find((p) => String(p.id) === productId) ?? null;
  const count = selectedImageIds.length;

  async function addToCart() {
    if (!user) return notifyError(T.loginRequired);
    if (!product) return notifyError(T.noProduct);
    if (count === 0) return notifyError(T.noImages);
    setAdding(true);
    try {
      for (const imageId of selectedImageIds) {
        await add.mutateAsync({ carId, imageId, productId: product.id, quantity });
      }
      notifyToast(count === 1 ? T.addedOne : T.addedMany(count));
      onAdded();
    } catch (error) {
      notifyError({ title: T.failed.title, message: 'Please try again.' }, error);
    } finally {
      setAdding(false);
      void invalidateCart();
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Purchase Print
        </Title>
        <Select
          label="Print product"
          placeholder={products.isPending ? 'Loading…' : 'Choose a print'}
          data={prints.map((p) => ({ value: String(p.id), label: `${p.name} — ${formatCents(p.price)}` }))}
          value={productId}
          onChange={setProductId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {products.isError ? (
          <Text size="sm" c="red">
            {MESSAGES.fetchErrors.products}
          </Text>
        ) : null}
        <Group justify="space-between" align="end">
          <QuantityStepper label="Quantity" value={quantity} onChange={setQuantity} max={99} />
          <Text size="sm" c="dimmed" data-testid="print-selected-count">
            {count} image{count === 1 ? '' : 's'} selected
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Price per image</Text>
          <Text size="sm">{product ? formatCents(product.price) : '—'}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="print-total">
            {formatCents(product ? carPrintTotal(product.price, quantity, count) : 0)}
          </Text>
        </Group>
        <Button onClick={() => void addToCart()} loading={adding}>
          {MESSAGES.labels.addToCart}
        </Button>
      </Stack>
    </Card>
  );
}
