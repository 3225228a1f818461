import '@mantine/core/styles/Image.css';
import { Button, Group, Image, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PLACEHOLDER_IMAGE } from '../../components/cars/CarImage';

/**
 * The picture of a record: a preview (a placeholder when the address is empty or broken, part 2 §8) beside the
 * Image URL field and, where the record takes uploads, the upload control.
 */
export function ImageField({
  url,
  previewAlt,
  previewFit = 'cover',
  children,
}: {
  url: string;
  previewAlt: string;
  previewFit?: 'cover' | 'contain';
  /** The Image URL field, then the upload control if any. */
  children: ReactNode;
}) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <Image
        src={url.trim() || null}
        fallbackSrc={PLACEHOLDER_IMAGE}
        alt={previewAlt}
        w={120}
        h={90}
        fit={previewFit}
        radius="sm"
      />
      <Stack gap="xs" style={{ flex: 1 }}>
        {children}
      </Stack>
    </Group>
  );
}

/** The last row of an admin form: its switches, then Cancel (when editing) and the submit button with its spinner. */
export function FormFooter({
  switches,
  editing,
  saving,
  busy = false,
  submitLabel,
  onCancel,
}: {
  switches: ReactNode;
  editing: boolean;
  saving: boolean;
  /** Something else is under way (an upload): saving waits for it. */
  busy?: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <Group justify="space-between">
      <Group>{switches}</Group>
      <Group>
        {editing ? (
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={saving} disabled={busy}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
