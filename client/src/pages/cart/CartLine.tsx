import '@mantine/core/styles/Card.css';
import { type CartItem, formatCents, MESSAGES } from '@curbside/shared';
import { ActionIcon, Card, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { QuantityStepper, TOUCH_PX } from '../../components/shop/QuantityStepper';
import { useInvalidateCart } from '../../components/shop/useInvalidateCart';
import { notifyError } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import classes from './CartLine.module.css';

/** One cart line: picture, car, product, print size and type, quantity, line price and remove. */
export function CartLine({ item }: { item: CartItem }) {
  const trpc = useTRPC();
  const invalidateCart = useInvalidateCart();
  const update = useMutation(trpc.cart.update.mutationOptions());
  const remove = useMutation(trpc.cart.remove.mutationOptions());
  const picture = item.image?.url ?? item.product.imageUrl;
  const title = item.car ? `${item.car.make} ${item.car.model}` : item.product.name;

  async function setQuantity(quantity: number) {
    if (quantity === item.quantity) return;
    try {
      await update.mutateAsync({ id: item.id, quantity });
    } catch (error) {
      notifyError({ title: MESSAGES.cart.updateFailed }, error);
    } finally {
      void invalidateCart();
    }
  }

  async function removeLine() {
    try {
      await remove.mutateAsync({ id: item.id });
    } catch (error) {
      notifyError({ title: MESSAGES.cart.removeFailed }, error);
    } finally {
      void invalidateCart();
    }
  }

  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} data-testid="cart-line">
      <div className={classes.line}>
        {picture ? <img src={picture} alt={title} width={96} height={72} className={classes.picture} /> : null}
        <Stack gap={2} className={classes.details}>
          <Text fw={600} data-testid="cart-line-name">
            {title}
          </Text>
          {item.car ? <Text size="sm">{item.product.name}</Text> : null}
          {item.printSize || item.printType ? (
            <Text size="xs" c="dimmed">
              {[item.printSize, item.printType].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {formatCents(item.price)} each
          </Text>
        </Stack>
        <div className={classes.controls}>
          <QuantityStepper
            aria-label={`Quantity of ${item.product.name}`}
            value={item.quantity}
            onChange={(q) => void setQuantity(q)}
            disabled={update.isPending}
          />
          <Text fw={700} className={classes.total} data-testid="cart-line-total">
            {formatCents(item.price * item.quantity)}
          </Text>
          <ActionIcon
            size={TOUCH_PX}
            variant="subtle"
            color="red"
            aria-label={`Remove ${item.product.name}`}
            onClick={() => void removeLine()}
            loading={remove.isPending}
          >
            ✕
          </ActionIcon>
        </div>
      </div>
    </Card>
  );
}
