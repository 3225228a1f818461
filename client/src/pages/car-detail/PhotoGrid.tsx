import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Checkbox, SimpleGrid, Stack, Title, UnstyledButton } from '@mantine/core';
import { CarImage } from '../../components/cars/CarImage';
import classes from '../../components/cars/cars.module.css';
import type { NamedPhoto } from './photos';

/**
 * A grid of thumbnails: a click shows the photo large; the checkbox ticks it for a print. Each is called by its photo's
 * name ('Show official photo 1'), so the official and the owner's grids never give a screen reader the same name twice.
 */
export function PhotoGrid({
  title,
  photos,
  alt,
  shownId,
  selectedIds,
  onShow,
  onToggle,
}: {
  title: string;
  photos: NamedPhoto[];
  alt: string;
  shownId: number | null;
  selectedIds: number[];
  onShow: (id: number) => void;
  onToggle: (id: number) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
        {photos.map(({ image, name }) => (
          <div key={image.id} className={classes.thumb} data-selected={image.id === shownId}>
            <UnstyledButton display="block" w="100%" onClick={() => onShow(image.id)} aria-label={`Show ${name}`}>
              <CarImage image={image} alt={`${alt}, ${name}`} sizes="(min-width: 48em) 160px, 33vw" lazy />
            </UnstyledButton>
            <Checkbox
              className={classes.thumbCheck}
              size="md"
              aria-label={`Select ${alt}, ${name} for print`}
              checked={selectedIds.includes(image.id)}
              onChange={() => onToggle(image.id)}
            />
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
