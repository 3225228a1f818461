import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { CarImage } from '@curbside/shared';
import { Modal } from '@mantine/core';

/**
 * The shown photo at full size (its largest variant), in a dialog that closes on Escape or outside click. Stays mounted
 * while closed, so the dialog can give focus back to the button that opened it.
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
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={alt} centered>
      <img
        src={photo.variants?.w1600 ?? photo.url}
        alt={alt}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      />
    </Modal>
  );
}
