import {
  type AdminOrder,
  type AdminOrderItem,
  isLargeEnoughForPrint,
  type Order,
  type OrderHistoryEntry,
  type OrderItemPhoto,
  type PaymentState,
  requiredPrintPixels,
} from '@curbside/shared';
import type { UserEntity } from '../accounts/user.entity';
import type { CarImageEntity } from '../cars/car-image.entity';
import type { OrderEntity } from './order.entity';
import type { OrderItemEntity } from './order-item.entity';
import type { OrderStatusChangeEntity } from './order-status-change.entity';

/** GET /api/orders/{id}/items/{itemId}/original: the admin-only download of a print line's photo. */
export const originalDownloadUrl = (orderId: number, itemId: number) =>
  `/api/orders/${orderId}/items/${itemId}/original`;

function photoOf(item: OrderItemEntity, image: CarImageEntity | undefined): OrderItemPhoto | null {
  if (!image) return null;
  const required = requiredPrintPixels(item.printSize);
  return {
    thumbnailUrl: image.variants?.w400 ?? image.url,
    width: image.width,
    height: image.height,
    required,
    largeEnough: required ? isLargeEnoughForPrint(image, required) : null,
    downloadUrl: originalDownloadUrl(item.orderId, item.id),
  };
}

/** The customer's view of the order plus what only admins see; `images` are the print lines' photos by id. */
export function toAdminOrderDto(
  order: OrderEntity,
  base: Order,
  items: OrderItemEntity[],
  images: Map<number, CarImageEntity>,
): AdminOrder {
  const byId = new Map(items.map((item) => [item.id, item]));
  const adminItems: AdminOrderItem[] = base.items.map((item) => {
    const entity = byId.get(item.id);
    const image = entity?.imageId != null ? images.get(entity.imageId) : undefined;
    return {
      ...item,
      isPrint: entity ? !entity.isMerch && (entity.imageId !== null || entity.imageUrl !== null) : false,
      photo: entity ? photoOf(entity, image) : null,
    };
  });
  const paymentState: PaymentState = order.refundState ?? 'paid';
  return {
    ...base,
    items: adminItems,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    paymentState,
    refundedAmount: order.refundedAmount,
    internalNote: order.internalNote,
  };
}

export function toHistoryEntry(change: OrderStatusChangeEntity, by: UserEntity | undefined): OrderHistoryEntry {
  return {
    at: change.createdAt.toISOString(),
    from: change.fromStatus,
    to: change.toStatus,
    by: by ? (by.name ?? by.username) : null,
    trackingNumber: change.trackingNumber,
    note: change.note,
  };
}
