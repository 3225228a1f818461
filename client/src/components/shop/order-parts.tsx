import { formatCents, type Order } from '@curbside/shared';
import { Group, Text } from '@mantine/core';

// Pieces of an order shown the same way to the customer (My Orders) and to the admin (Order Management).

type OrderItem = Order['items'][number];

/** The shipping address as three lines: name; street; city, state ZIP, country. */
export function ShippingAddressLines({ address }: { address: Order['shippingAddress'] }) {
  return (
    <>
      <Text size="sm">{address.name}</Text>
      <Text size="sm">
        {address.line1}
        {address.line2 ? `, ${address.line2}` : ''}
      </Text>
      <Text size="sm">
        {address.city}, {address.state} {address.postalCode}, {address.country}
      </Text>
    </>
  );
}

/** '2 × Poster Print 12x18', and under it the car and print size when the item is a print. */
export function OrderItemName({ item }: { item: OrderItem }) {
  return (
    <div>
      <Text size="sm">
        {item.quantity} × {item.product.name}
      </Text>
      {item.car || item.printSize ? (
        <Text size="xs" c="dimmed">
          {[item.car ? `${item.car.make} ${item.car.model}` : null, item.printSize].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </div>
  );
}

/** Each item with its picture, name and line price (My Orders' details, the order success page). */
export function OrderItemRows({ items }: { items: OrderItem[] }) {
  return items.map((item) => (
    <Group key={item.id} justify="space-between" wrap="nowrap" align="start" data-testid="order-item">
      <Group gap="sm" wrap="nowrap">
        {item.product.imageUrl ? (
          <img
            src={item.product.imageUrl}
            alt=""
            width={56}
            height={42}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ) : null}
        <OrderItemName item={item} />
      </Group>
      <Text size="sm">{formatCents(item.priceAtPurchase * item.quantity)}</Text>
    </Group>
  ));
}

/** Subtotal, shipping, tax (labelled with the state when given) and the total in bold. */
export function OrderTotalsRows({
  order,
  taxLabel = 'Tax',
}: {
  order: Pick<Order, 'subtotal' | 'shipping' | 'tax' | 'total'>;
  taxLabel?: string;
}) {
  return (
    <>
      <Amount label="Subtotal" cents={order.subtotal} testId="order-subtotal" />
      <Amount label="Shipping" cents={order.shipping} testId="order-shipping" />
      <Amount label={taxLabel} cents={order.tax} testId="order-tax" />
      <Amount label="Total" cents={order.total} testId="order-total" bold />
    </>
  );
}

function Amount({ label, cents, testId, bold }: { label: string; cents: number; testId: string; bold?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={bold ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={bold ? 700 : undefined} data-testid={testId}>
        {formatCents(cents)}
      </Text>
    </Group>
  );
}
