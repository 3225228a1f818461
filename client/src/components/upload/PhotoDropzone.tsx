import '@mantine/dropzone/styles.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Alert.css';
import { ACCEPTED_IMAGE_TYPES, LIMITS, MESSAGES, UPLOAD_PHOTO_MESSAGES } from '@curbside/shared';
import { ActionIcon, Alert, Group, Image, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useMemo, useState } from 'react';
import { sortByContent } from './photo-check';

/** A photo chosen in the browser, with its upload state. */
export interface PendingPhoto {
  id: string;
  file: File;
  /** null before the upload starts. */
  progress: number | null;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

let counter = 0;
export const toPendingPhoto = (file: File): PendingPhoto => ({
  id: `photo-${++counter}`,
  file,
  progress: null,
  status: 'waiting',
});

const MAX_MB = LIMITS.photoMaxBytes / 1024 / 1024;

/** Why the picker refused each file, in the catalogue's words (react-dropzone's own list the MIME types). */
export function rejectionMessage(rejections: FileRejection[]): string {
  return rejections
    .map(({ file, errors }) => {
      const code = errors[0]?.code;
      if (code === 'file-invalid-type') return MESSAGES.photoPicker.fileNotAPhoto(file.name);
      if (code === 'file-too-large') return MESSAGES.photoPicker.fileTooLarge(file.name, MAX_MB);
      return MESSAGES.photoPicker.fileNotAdded(file.name);
    })
    .join(' ');
}

export interface PhotoDropzoneProps {
  photos: PendingPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onReject?: (rejections: FileRejection[]) => void;
  disabled?: boolean;
}

/**
 * Drag-and-drop (or click) photo picker with previews and a progress bar per file while uploading. Only files whose
 * content is a photo are added; the others are named with the reason, and nothing of them is sent.
 */
export function PhotoDropzone({ photos, onAdd, onRemove, onReject, disabled }: PhotoDropzoneProps) {
  const [notPhotos, setNotPhotos] = useState<string[]>([]);
  const addPhotos = async (files: File[]) => {
    const sorted = await sortByContent(files);
    setNotPhotos(sorted.refused.map((file) => file.name));
    if (sorted.photos.length > 0) onAdd(sorted.photos);
  };
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={addPhotos}
        onReject={onReject}
        accept={[...ACCEPTED_IMAGE_TYPES]}
        maxSize={LIMITS.photoMaxBytes}
        multiple
        disabled={disabled}
        aria-label="Photo upload area"
        name="photos"
      >
        <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
          <Text size="lg" fw={600}>
            Drag photos here or click to choose
          </Text>
          <Text size="sm" c="dimmed">
            Max file size {MAX_MB}MB, images only, multiple allowed
          </Text>
        </Stack>
      </Dropzone>
      {notPhotos.length > 0 ? (
        <Alert color="red" variant="light" title={UPLOAD_PHOTO_MESSAGES.notAPhotoTitle} role="alert">
          <Stack gap={4}>
            {notPhotos.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
              <Text key={index} size="sm">
                {UPLOAD_PHOTO_MESSAGES.notAPhoto(name)}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {photos.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {photos.map((photo, index) => (
            <PhotoPreview
              key={photo.id}
              photo={photo}
              label={index === 0 ? 'First photo' : undefined}
              onRemove={() => onRemove(photo.id)}
              disabled={disabled}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function PhotoPreview({
  photo,
  label,
  onRemove,
  disabled,
}: {
  photo: PendingPhoto;
  label?: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const url = useMemo(() => URL.createObjectURL(photo.file), [photo.file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper withBorder radius="md" p={6} data-testid="pending-photo">
      <Image src={url} alt={`Preview of ${photo.file.name}`} h={110} radius="sm" fit="cover" />
      <Group justify="space-between" wrap="nowrap" mt={6} gap={4}>
        <Text size="xs" truncate title={photo.file.name}>
          {label ? `${label} · ` : ''}
          {photo.file.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          onClick={onRemove}
          disabled={disabled || photo.status === 'uploading'}
          aria-label={`Remove ${photo.file.name}`}
        >
          ✕
        </ActionIcon>
      </Group>
      {photo.progress !== null ? (
        <Progress
          mt={6}
          size="sm"
          value={photo.progress}
          color={photo.status === 'failed' ? 'red' : photo.status === 'done' ? 'teal' : 'blue'}
          aria-label={`Upload progress of ${photo.file.name}`}
          striped={photo.status === 'uploading'}
          animated={photo.status === 'uploading'}
        />
      ) : null}
      {photo.error ? (
        <Text size="xs" c="red" mt={4}>
          {photo.error}
        </Text>
      ) : null}
    </Paper>
  );
}
