import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/CheckboxCard.css';
import {
  carPrintTotal,
  formatCents,
  isLargeEnoughForPrint,
  MESSAGES,
  normalizeQuantity,
  requiredPrintPixels,
} from '@curbside/shared';
import { Button, Card, Checkbox, type CheckboxProps, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useIslands } from '../../islands/context';
import { notifyError, notifyToast } from '../../lib/notify';
import { signInPath } from '../../lib/return-to';
import { useTRPC } from '../../lib/trpc';
import type { NamedPhoto } from '../../pages/car-detail/photos';
import { PRINT_PARAMS } from '../../pages/car-detail/print-selection';
import { PrintFramingPreview } from './PrintFramingPreview';
import { QuantityStepper } from './QuantityStepper';
import { useInvalidateCart } from './useInvalidateCart';

export interface PurchasePrintCardProps {
  carId: number;
  /** The car's photos, named and in the page's order ('Select all' ticks them all). */
  photos: NamedPhoto[];
  /** Ids of the car images ticked for print purchase. */
  selectedImageIds: number[];
  /** A new selection: all, none, or none after every selected print was added. */
  onSelectionChange: (ids: number[]) => void;
  /**
   * What the visitor typed as the quantity before this card was live (into the server's card of an islands page,
   * islands/car-parts.tsx): the card starts from it, not from the address's.
   */
  typedQuantity?: string;
}

/** The most prints of one photo a card adds at once. */
const MAX_QUANTITY = 99;

const T = MESSAGES.printCart;

/** Mantine's InlineInput takes these through a checkbox's wrapperProps (its type names only a div's attributes). */
const LABEL_AS_BODY = { bodyElement: 'label', labelElement: 'span' } as CheckboxProps['wrapperProps'];

/**
 * Purchase Print (spec part 1 §2): a print product, a quantity, and Add to Cart, which adds one cart line per
 * selected photo. The total shown is price × quantity × photos; the server prices the cart itself. A signed-out
 * visitor's Add to Cart goes to sign-in with the whole choice in the return address (pages/car-detail/print-selection.ts),
 * and this card takes the print and quantity back from it.
 */
export function PurchasePrintCard({
  carId,
  photos,
  selectedImageIds,
  onSelectionChange,
  typedQuantity,
}: PurchasePrintCardProps) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const invalidateCart = useInvalidateCart();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const products = useQuery(trpc.products.list.queryOptions({ limit: 100 }));
  // Cheapest first: sizes read small to large.
  const prints = (products.data ?? []).filter((p) => !p.isMerch && p.active).sort((a, b) => a.price - b.price);
  const [returned] = useState(() => new URLSearchParams(search));
  const [productId, setProductId] = useState<string | null>(returned.get(PRINT_PARAMS.product));
  const [quantity, setQuantity] = useState(() =>
    typedQuantity === undefined
      ? Math.max(1, Math.trunc(Number(returned.get(PRINT_PARAMS.quantity))) || 1)
      : normalizeQuantity(typedQuantity, MAX_QUANTITY),
  );
  const add = useMutation(trpc.cart.add.mutationOptions());
  const [adding, setAdding] = useState(false);
  const summaryId = useId();
  // Drawn by the server on an islands page: a press on the list of prints or Add to Cart before the page's script has
  // run is kept (EARLY_CLICKS_SCRIPT) and carried out on this card once the app's has replaced it (islands/car-photos.ts).
  const islands = useIslands();
  const held = (action: string) => (islands ? { 'data-island-action': action } : {});

  // The choice is taken back once: the address is the car's plain one again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (returned.has(PRINT_PARAMS.photos)) navigate(pathname, { replace: true });
  }, []);

  const product = prints.find((p) => String(p.id) === productId) ?? null;
  const count = selectedImageIds.length;
  const imageIds = photos.map((photo) => photo.image.id);
  const needed = requiredPrintPixels(product?.printSize ?? null);
  const tooSmall = needed
    ? photos.filter(({ image }) => selectedImageIds.includes(image.id) && !isLargeEnoughForPrint(image, needed))
    : [];
  // The preview shows the first ticked photo, or the car's first before any is ticked.
  const previewPhoto = (photos.find(({ image }) => selectedImageIds.includes(image.id)) ?? photos[0])?.image;
  const allSelected = imageIds.length > 0 && imageIds.every((id) => selectedImageIds.includes(id));

  function signInKeepingChoice() {
    const choice = new URLSearchParams({
      [PRINT_PARAMS.photos]: selectedImageIds.join(','),
      [PRINT_PARAMS.product]: productId ?? '',
      [PRINT_PARAMS.quantity]: String(quantity),
    });
    notifyToast(T.loginRequired);
    navigate(signInPath(`${pathname}?${choice}`));
  }

  async function addToCart() {
    if (!product) return notifyError(T.noProduct);
    if (count === 0) return notifyError(T.noImages);
    if (!user) return signInKeepingChoice();
    setAdding(true);
    try {
      for (const imageId of selectedImageIds) {
        await add.mutateAsync({ carId, imageId, productId: product.id, quantity });
      }
      notifyToast(count === 1 ? T.addedOne : T.addedMany(count));
      onSelectionChange([]);
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
          {...held('print-product')}
        />
        {products.isError ? (
          <Text size="sm" c="red">
            {MESSAGES.fetchErrors.products}
          </Text>
        ) : null}
        <QuantityStepper label="Quantity" value={quantity} onChange={setQuantity} max={MAX_QUANTITY} />
        <Group justify="space-between" align="center" mih={44}>
          <Checkbox
            label={T.selectAll}
            checked={allSelected}
            indeterminate={count > 0 && !allSelected}
            onChange={() => onSelectionChange(allSelected ? [] : imageIds)}
            aria-describedby={summaryId}
            // The label holds the box and its words: a tap anywhere on the row ticks it.
            wrapperProps={LABEL_AS_BODY}
          />
          <Text size="sm" c="dimmed" id={summaryId} data-testid="print-selected-count" aria-live="polite">
            {T.selectedCount(count)}
          </Text>
        </Group>
        {product?.printSize && tooSmall.length > 0 ? (
          <Text size="sm" c="yellow" role="status" data-testid="print-too-small">
            {T.tooSmall(
              tooSmall.map((photo) => photo.name),
              product.printSize,
            )}
          </Text>
        ) : null}
        {product?.printSize && previewPhoto ? (
          <PrintFramingPreview photo={previewPhoto} printSize={product.printSize} />
        ) : null}
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
        <Button onClick={() => void addToCart()} loading={adding} {...held('add-to-cart')}>
          {MESSAGES.labels.addToCart}
        </Button>
      </Stack>
    </Card>
  );
}
