import type { CarImage as CarImageData } from '@curbside/shared';
import { Checkbox, SimpleGrid, Stack, Title, UnstyledButton } from '@mantine/core';
import { CarImage } from '../../components/cars/CarImage';
import classes from '../../components/cars/cars.module.css';

/** A grid of thumbnails: a click shows the photo large; the checkbox ticks it for a print. */
export function PhotoGrid({
  title,
  images,
  alt,
  shownId,
  selectedIds,
  onShow,
  onToggle,
}: {
  title: string;
  images: CarImageData[];
  alt: string;
  shownId: number | null;
  selectedIds: number[];
  onShow: (id: number) => void;
  onToggle: (id: number) => void;
}) {
  if (images.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
        {images.map((image, i) => (
          <div key={image.id} className={classes.thumb} data-selected={image.id === shownId}>
            <UnstyledButton
              display="block"
              w="100%"
              onClick={() => onShow(image.id)}
              aria-label={`Show photo ${i + 1}`}
            >
              <CarImage image={image} alt={`${alt}, photo ${i + 1}`} sizes="(min-width: 48em) 160px, 33vw" lazy />
            </UnstyledButton>
            <Checkbox
              className={classes.thumbCheck}
              size="md"
              aria-label={`Select ${alt}, photo ${i + 1} for print`}
              checked={selectedIds.includes(image.id)}
              onChange={() => onToggle(image.id)}
            />
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
