import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  ACCEPTED_IMAGE_TYPES,
  LIMITS,
  MESSAGES,
  PRODUCT_CATEGORIES,
  type Product,
  productFormSchema,
} from '@curbside/shared';
import {
  Button,
  FileButton,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../../components/cars/CarImage';
import { uploadFile } from '../../components/upload/upload-file';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { serverFieldErrors } from './server-errors';

const L = MESSAGES.labels;

/** The form as typed: amounts in dollars as text; productFormSchema turns it into the call body in cents. */
export interface ProductFormState {
  name: string;
  description: string;
  category: string;
  price: string;
  shippingFee: string;
  stock: string;
  sku: string;
  imageUrl: string;
  featured: boolean;
  active: boolean;
  isMerch: boolean;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const emptyProductForm = (): ProductFormState => ({
  name: '',
  description: '',
  category: '',
  price: '',
  shippingFee: dollars(LIMITS.defaultShippingFeeCents),
  stock: '0',
  sku: '',
  imageUrl: '',
  featured: false,
  active: true,
  isMerch: false,
});

export function productToForm(product: Product): ProductFormState {
  return {
    name: product.name,
    description: product.description ?? '',
    category: product.category,
    price: dollars(product.price),
    shippingFee: dollars(product.shippingFee),
    stock: String(product.stock),
    sku: product.sku,
    imageUrl: product.imageUrl ?? '',
    featured: product.featured,
    active: product.active,
    isMerch: product.isMerch,
  };
}

const FIELDS = Object.keys(emptyProductForm());
const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * Create or edit a product (part 2 §2, §5): dollars entered, cents sent; image by upload or URL with a preview;
 * 'Create Product' / 'Update Product' with a spinner while saving. `onDone` runs after a successful save.
 */
export function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.products.create.mutationOptions());
  const update = useMutation(trpc.admin.products.update.mutationOptions());
  const [uploading, setUploading] = useState(false);
  // Clears the file picker after each try, so choosing the same file again (after a failure) uploads it again.
  const resetPicker = useRef<() => void>(null);
  const form = useForm<ProductFormState>({
    initialValues: product ? productToForm(product) : emptyProductForm(),
    validate: schemaResolver(productFormSchema, { sync: true }),
  });
  const saving = create.isPending || update.isPending;

  const onSubmit = form.onSubmit(async (values) => {
    const body = productFormSchema.parse(values);
    try {
      if (product) await update.mutateAsync({ id: product.id, ...body });
      else await create.mutateAsync(body);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
      notifyError(MESSAGES.admin.saveFailed, error);
      return;
    }
    notifyToast(MESSAGES.admin.success);
    await queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
    if (!product) form.setValues(emptyProductForm());
    onDone();
  });

  const uploadImage = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    form.clearFieldError('imageUrl');
    try {
      const { imageUrl } = await uploadFile<{ imageUrl: string }>({
        url: '/api/products/upload-image',
        fileField: 'image',
        file,
      });
      form.setFieldValue('imageUrl', imageUrl);
    } catch (error) {
      // Part 2 §8: a product image upload failure is only logged (no toast); the field says why when it can.
      console.error(MESSAGES.admin.uploadImageFailed, error);
      const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
      form.setFieldError('imageUrl', `${MESSAGES.admin.uploadImageFailed}${reason}`);
    } finally {
      setUploading(false);
      resetPicker.current?.();
    }
  };

  const imageUrl = form.values.imageUrl.trim();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={product ? 'Edit product' : 'New product'}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
          <NativeSelect
            label="Category"
            withAsterisk
            data={[
              { value: '', label: 'Select a category' },
              ...PRODUCT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
            ]}
            key={form.key('category')}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <Textarea label="Description" rows={3} key={form.key('description')} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Price ($)"
            withAsterisk
            inputMode="decimal"
            placeholder="19.99"
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
          <TextInput
            label="Shipping fee ($)"
            inputMode="decimal"
            key={form.key('shippingFee')}
            {...form.getInputProps('shippingFee')}
          />
          <TextInput label="Stock" inputMode="numeric" key={form.key('stock')} {...form.getInputProps('stock')} />
          <TextInput label="SKU" withAsterisk key={form.key('sku')} {...form.getInputProps('sku')} />
        </SimpleGrid>
        <Group align="flex-start" wrap="nowrap">
          <Image
            src={imageUrl || null}
            fallbackSrc={PLACEHOLDER_IMAGE}
            alt="Product image preview"
            w={120}
            h={90}
            fit="cover"
            radius="sm"
          />
          <Stack gap="xs" style={{ flex: 1 }}>
            <TextInput
              label="Image URL"
              placeholder="https://… or upload a file"
              key={form.key('imageUrl')}
              {...form.getInputProps('imageUrl')}
            />
            <Group gap="xs">
              <FileButton
                resetRef={resetPicker}
                onChange={(file) => void uploadImage(file)}
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
              >
                {(props) => (
                  <Button {...props} variant="light" size="xs" loading={uploading}>
                    Upload Image
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                JPEG, PNG, WebP, GIF or AVIF
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group>
          <Switch
            label={L.featuredProduct}
            key={form.key('featured')}
            {...form.getInputProps('featured', { type: 'checkbox' })}
          />
          <Switch label={L.active} key={form.key('active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Switch
            label={L.merchandiseItem}
            key={form.key('isMerch')}
            {...form.getInputProps('isMerch', { type: 'checkbox' })}
          />
        </Group>
        <Group justify="flex-end">
          {product ? (
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={saving} disabled={uploading}>
            {product ? L.updateProduct : L.createProduct}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
