import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
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
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useRef } from 'react';
import { uploadFile } from '../../components/upload/upload-file';
import { useTRPCClient } from '../../lib/trpc';
import { FormFooter, ImageField } from './form-parts';
import { useImageUpload, useRecordForm } from './record-form';

const L = MESSAGES.labels;

/** The form as typed: amounts in dollars as text; productFormSchema turns it into the call body in cents. */
export interface ProductFormState extends Record<string, unknown> {
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

const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * Create or edit a product (part 2 §2, §5): dollars entered, cents sent; image by upload or URL with a preview;
 * 'Create Product' / 'Update Product' with a spinner while saving. `onSaved` runs after a successful save.
 */
export function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product: Product | null;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const client = useTRPCClient();
  // Clears the file picker after each try, so choosing the same file again (after a failure) uploads it again.
  const resetPicker = useRef<() => void>(null);
  const { form, onSubmit, saving } = useRecordForm({
    editing: product !== null,
    initialValues: product ? productToForm(product) : emptyProductForm(),
    emptyValues: emptyProductForm,
    schema: productFormSchema,
    nameOf: (body) => body.name,
    save: (body) =>
      product
        ? client.admin.products.update.mutate({ id: product.id, ...body })
        : client.admin.products.create.mutate(body),
    onSaved,
  });

  const image = useImageUpload(
    {
      set: (url) => form.setFieldValue('imageUrl', url),
      setError: (message) => (message ? form.setFieldError('imageUrl', message) : form.clearFieldError('imageUrl')),
    },
    // Part 2 §8: a product image upload failure is only logged (no toast); the field says why.
    (error) => console.error(MESSAGES.admin.uploadImageFailed, error),
  );

  const uploadImage = async (file: File | null) => {
    if (!file) return;
    await image.upload(async () => {
      const response = await uploadFile<{ imageUrl: string }>({
        url: '/api/products/upload-image',
        fileField: 'image',
        file,
      });
      return response.imageUrl;
    });
    resetPicker.current?.();
  };

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
        <ImageField url={form.values.imageUrl} previewAlt="Product image preview">
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
                <Button {...props} variant="light" size="xs" loading={image.uploading}>
                  Upload Image
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              JPEG, PNG, WebP, GIF or AVIF
            </Text>
          </Group>
        </ImageField>
        <FormFooter
          switches={
            <>
              <Switch
                label={L.featuredProduct}
                key={form.key('featured')}
                {...form.getInputProps('featured', { type: 'checkbox' })}
              />
              <Switch
                label={L.active}
                key={form.key('active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
              <Switch
                label={L.merchandiseItem}
                key={form.key('isMerch')}
                {...form.getInputProps('isMerch', { type: 'checkbox' })}
              />
            </>
          }
          editing={product !== null}
          saving={saving}
          busy={image.uploading}
          submitLabel={product ? L.updateProduct : L.createProduct}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
