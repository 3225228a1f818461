import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  ACCEPTED_IMAGE_TYPES,
  AD_SIZE_HINTS,
  AD_TYPES,
  type AdType,
  type Advertisement,
  advertisementCreateInputSchema,
  defaultAdPeriod,
  MESSAGES,
} from '@curbside/shared';
import { FileInput, Loader, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { uploadFile } from '../../components/upload/upload-file';
import { notifyError } from '../../lib/notify';
import { useTRPCClient } from '../../lib/trpc';
import { FormFooter, ImageField } from './form-parts';
import { useImageUpload, useRecordForm } from './record-form';

/** The form as typed; advertisementCreateInputSchema checks it and is the body of the create or update call. */
export interface AdFormState extends Record<string, unknown> {
  name: string;
  description: string;
  type: string;
  imageUrl: string;
  linkUrl: string;
  startDate: string;
  endDate: string;
  active: boolean;
}

// The default period starts today: computed when the form opens, not when the module loads.
const emptyAdForm = (): AdFormState => ({
  name: '',
  description: '',
  type: '',
  imageUrl: '',
  linkUrl: '',
  ...defaultAdPeriod(),
  active: true,
});

function adToForm(ad: Advertisement): AdFormState {
  return {
    name: ad.name,
    description: ad.description ?? '',
    type: ad.type,
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl,
    startDate: ad.startDate ?? '',
    endDate: ad.endDate ?? '',
    active: ad.active,
  };
}

const isAdType = (value: string): value is AdType => (AD_TYPES as readonly string[]).includes(value);
const typeLabel = (type: AdType) => type.charAt(0).toUpperCase() + type.slice(1);

/**
 * Create or edit an advertisement (part 2 §5): image by upload (stored under /api/file/ads/) or URL, the size guidance
 * of the chosen type, and a 30-day period from today by default. Saving without an image says 'Image Required'.
 */
export function AdForm({
  ad,
  onSaved,
  onCancel,
}: {
  ad: Advertisement | null;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const client = useTRPCClient();
  const resetPicker = useRef<() => void>(null);
  const { form, onSubmit, saving } = useRecordForm({
    editing: ad !== null,
    initialValues: ad ? adToForm(ad) : emptyAdForm(),
    emptyValues: emptyAdForm,
    schema: advertisementCreateInputSchema,
    nameOf: (body) => body.name,
    save: (body) =>
      ad ? client.admin.ads.update.mutate({ id: ad.id, ...body }) : client.admin.ads.create.mutate(body),
    onSaved,
    onInvalid: (errors) => {
      if (errors.imageUrl && !form.getValues().imageUrl.trim()) notifyError(MESSAGES.admin.adImageRequired);
    },
  });

  const image = useImageUpload(
    {
      set: (url) => form.setFieldValue('imageUrl', url),
      setError: (message) => (message ? form.setFieldError('imageUrl', message) : form.clearFieldError('imageUrl')),
    },
    (error) => notifyError({ title: MESSAGES.admin.uploadImageFailed }, error),
  );

  const uploadImage = async (file: File | null) => {
    const type = form.getValues().type;
    try {
      if (!file) return;
      // The server files and checks the picture by type, so the type comes first.
      if (!isAdType(type)) {
        form.setFieldError('type', MESSAGES.validation.adTypeRequired);
        return;
      }
      await image.upload(async () => {
        const response = await uploadFile<{ url: string }>({
          url: '/api/upload/advertisement',
          fileField: 'image',
          file,
          fields: { type },
        });
        return response.url;
      });
    } finally {
      // Clears the picker, so choosing the same file again (after a failure or a missing type) uploads it again.
      resetPicker.current?.();
    }
  };

  const { type } = form.values;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={ad ? 'Edit advertisement' : 'New advertisement'}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
          <NativeSelect
            label="Type"
            withAsterisk
            description={isAdType(type) ? `Image size: ${AD_SIZE_HINTS[type]}` : 'Banner or column'}
            data={[
              { value: '', label: 'Select a type' },
              ...AD_TYPES.map((value) => ({ value, label: typeLabel(value) })),
            ]}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
        </SimpleGrid>
        <TextInput label="Description" key={form.key('description')} {...form.getInputProps('description')} />
        <ImageField url={form.values.imageUrl} previewAlt="Advertisement image preview" previewFit="contain">
          <TextInput
            label="Image URL"
            withAsterisk
            placeholder="https://… or upload a file"
            key={form.key('imageUrl')}
            {...form.getInputProps('imageUrl')}
          />
          <FileInput
            label="Upload image"
            description="JPEG, PNG, WebP, GIF or AVIF; choose the type first"
            placeholder="Choose an image file"
            // Mantine's placeholder here is a real element (axe checks it): the dimmed text colour has the contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            value={null}
            resetRef={resetPicker}
            onChange={(file) => void uploadImage(file)}
            disabled={image.uploading}
            rightSection={image.uploading ? <Loader size="xs" aria-label="Uploading" /> : null}
            // The hidden file field carries the label too, so tests (and assistive tools) can hand it a file.
            fileInputProps={{ 'aria-label': 'Upload image' }}
          />
        </ImageField>
        <TextInput
          label="Link URL"
          withAsterisk
          placeholder="https://…"
          key={form.key('linkUrl')}
          {...form.getInputProps('linkUrl')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label="Start date"
            withAsterisk
            key={form.key('startDate')}
            {...form.getInputProps('startDate')}
          />
          <TextInput
            type="date"
            label="End date"
            withAsterisk
            key={form.key('endDate')}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Shown from the start date to the end date, both included (Central time).
        </Text>
        <FormFooter
          switches={
            <Switch
              label={MESSAGES.labels.active}
              key={form.key('active')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          }
          editing={ad !== null}
          saving={saving}
          busy={image.uploading}
          submitLabel={ad ? 'Update Advertisement' : 'Create Advertisement'}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
