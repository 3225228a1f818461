import type { Order } from '@curbside/shared';
import type { UserEntity } from '../accounts/user.entity';
import type { OrderEntity } from './order.entity';
import type { OrderItemEntity } from './order-item.entity';

/** An order as customers (and admins) see it; amounts in cents as stored. */
export function toOrderDto(order: OrderEntity, items: OrderItemEntity[], customer: UserEntity | null): Order {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    email: order.email,
    customer: customer ? { name: customer.name ?? null, username: customer.username, email: customer.email } : null,
    shippingAddress: {
      name: order.shipName,
      line1: order.shipLine1,
      line2: order.shipLine2,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
    },
    items: items.map((item) => ({
      id: item.id,
      product: { name: item.productName, imageUrl: item.imageUrl ?? item.productImageUrl },
      car: item.carMake !== null && item.carModel !== null ? { make: item.carMake, model: item.carModel } : null,
      printSize: item.printSize,
      priceAtPurchase: item.priceAtPurchase,
      quantity: item.quantity,
    })),
    trackingNumber: order.trackingNumber,
    notes: order.notes,
  };
}
