import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { formatCentralDateTime, formatOrderNumber, MESSAGES, SHOP_RETURN_ADDRESS, SITE_NAME } from '@curbside/shared';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError';
import { OrderTotalsRows, ShippingAddressLines } from '../../components/shop/order-parts';
import { useTRPC } from '../../lib/trpc';
import { printAlt } from './OrderDialog';
import classes from './packing-slip.module.css';

const F = MESSAGES.fulfilment;

/**
 * The packing slip of an order, a lazy chunk of the orders tab: the shop's name and return address, order number,
 * date, ship-to, each line with its photo and quantity, and the order's totals, on one page. Print prints only the slip (packing-slip.module.css).
 */
export default function PackingSlip({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const order = useQuery(trpc.admin.orders.get.queryOptions({ id: orderId }));
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={`${F.packingSlip}: ${formatOrderNumber(orderId)}`}
      // A portal node of its own (Mantine's portals share one by default, made without this class by whichever opened
      // first): the print stylesheet shows only this node's content.
      portalProps={{ className: classes.portal, reuseTargetNode: false }}
    >
      {order.isPending ? <Text c="dimmed">{MESSAGES.admin.ordersLoading}</Text> : null}
      {order.isError ? <LoadError message={MESSAGES.fetchErrors.orders} query={order} back={null} /> : null}
      {order.data ? (
        <Stack className={classes.slip} gap="md" data-testid="packing-slip">
          <Group justify="space-between" align="start">
            <div data-testid="slip-shop">
              {/* Black on the slip's paper: the theme's titles are white. */}
              <Title order={2} fz="h3" c="black">
                {SITE_NAME}
              </Title>
              <Text size="sm" fw={700} mt={4}>
                {F.returnAddress}
              </Text>
              {SHOP_RETURN_ADDRESS.map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
            </div>
            <Stack gap={4} align="end" ml="auto">
              <Button className={classes.noPrint} onClick={() => window.print()}>
                {F.printSlip}
              </Button>
              <Title order={1} fz="h2" c="black">
                Order {formatOrderNumber(order.data.id)}
              </Title>
              <Text>{formatCentralDateTime(order.data.createdAt)}</Text>
            </Stack>
          </Group>
          <div>
            <Text fw={700}>{F.shipTo}</Text>
            <ShippingAddressLines address={order.data.shippingAddress} />
          </div>
          <table className={classes.items}>
            <thead>
              <tr>
                <th>Photo</th>
                <th>Item</th>
                <th className={classes.qty}>Qty</th>
              </tr>
            </thead>
            <tbody>
              {order.data.items.map((item) => (
                <tr key={item.id} data-testid="slip-line">
                  <td>
                    {item.photo || item.product.imageUrl ? (
                      <img
                        className={classes.thumb}
                        src={item.photo?.thumbnailUrl ?? item.product.imageUrl ?? undefined}
                        alt={printAlt(item)}
                      />
                    ) : null}
                  </td>
                  <td>
                    <Text>{item.product.name}</Text>
                    <Text size="sm">
                      {[item.car ? `${item.car.make} ${item.car.model}` : null, item.printSize]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </td>
                  <td className={classes.qty}>{item.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Stack gap={4} className={classes.totals} data-testid="slip-totals">
            <OrderTotalsRows order={order.data} />
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
