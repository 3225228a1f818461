import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { imageSrcSet } from '@curbside/shared';
import { Modal, Text, UnstyledButton } from '@mantine/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import classes from './PhotoViewer.module.css';
import type { NamedPhoto } from './photos';

/** How far a finger (or a pressed mouse) must travel sideways to count as a swipe to the next or previous photo. */
const SWIPE_PX = 50;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The car's photos full-screen, one at a time, at the largest size the screen can show: Previous and Next (round
 * from the last to the first), the arrow keys, a swipe, and Escape or the close button to leave. Under each photo its
 * caption, if it has one, its name and where it is in the set, in a band of one height for every photo. A dialog that keeps focus inside while open and gives
 * it back to the photo that opened it.
 *
 * Stays mounted while closed, so the dialog can give focus back to the button that opened it. It is loaded on the
 * first click (or just before), so it may arrive already asked to open: it then mounts closed and opens right after,
 * since the dialog notes which element to give focus back to when it opens, not when it mounts open.
 */
export function PhotoViewer({
  opened,
  photos,
  index,
  alt,
  onIndexChange,
  onClose,
}: {
  opened: boolean;
  photos: NamedPhoto[];
  /** The photo shown, in `photos`. */
  index: number;
  /** The car's name: the dialog's title, and the start of each photo's text alternative. */
  alt: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const count = photos.length;
  const step = (by: number) => onIndexChange((((index + by) % count) + count) % count);
  const stepRef = useRef(step);
  stepRef.current = step;
  const open = opened && mounted;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') stepRef.current(-1);
      else if (event.key === 'ArrowRight') stepRef.current(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const swipeFrom = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (count > 1 && Math.abs(moved) >= SWIPE_PX) step(moved < 0 ? 1 : -1);
  };

  const photo = photos[index] ?? photos[0];
  if (!photo) return null;
  const { image, name } = photo;
  return (
    <Modal
      opened={open}
      onClose={onClose}
      title={alt}
      fullScreen
      classNames={{ content: classes.content, header: classes.header, body: classes.body }}
      closeButtonProps={{ 'aria-label': 'Close photo viewer', size: 'xl' }}
    >
      <div
        className={classes.stage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <img
          key={image.id}
          className={classes.photo}
          src={image.variants?.w1600 ?? image.url}
          srcSet={imageSrcSet(image)}
          sizes="100vw"
          alt={`${alt}, ${name}`}
          draggable={false}
          data-testid="viewer-photo"
        />
        {count > 1 ? (
          <>
            <UnstyledButton
              className={`${classes.arrow} ${classes.previous}`}
              aria-label="Previous photo"
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </UnstyledButton>
            <UnstyledButton
              className={`${classes.arrow} ${classes.next}`}
              aria-label="Next photo"
              onClick={() => step(1)}
            >
              <span aria-hidden="true">›</span>
            </UnstyledButton>
          </>
        ) : null}
      </div>
      {/* As tall for every photo (two lines of caption, clipped, and the count), so the photo above does not move. */}
      <div className={classes.caption} aria-live="polite">
        <div className={classes.captionLines}>
          {image.caption ? (
            <Text fw={600} lineClamp={2}>
              {image.caption}
            </Text>
          ) : null}
        </div>
        <Text c="dimmed" size="sm" truncate>
          {capitalised(name)} · {index + 1} of {count}
        </Text>
      </div>
    </Modal>
  );
}
