import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { CarImage } from '@curbside/shared';
import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The shown photo at full size (its largest variant), in a dialog that closes on Escape or outside click. Stays mounted
 * while closed, so the dialog can give focus back to the button that opened it. It is loaded on the first click (or
 * just before), so it may arrive already asked to open: it then mounts closed and opens right after, since the dialog
 * notes which element to give focus back to when it opens, not when it mounts open.
 */
export function PhotoLightbox({
  opened,
  photo,
  alt,
  onClose,
}: {
  opened: boolean;
  photo: CarImage;
  alt: string;
  onClose: () => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal opened={opened && mounted} onClose={onClose} size="xl" title={alt} centered>
      <img
        src={photo.variants?.w1600 ?? photo.url}
        alt={alt}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      />
    </Modal>
  );
}
