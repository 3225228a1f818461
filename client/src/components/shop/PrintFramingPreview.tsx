import { type CarImage, MESSAGES, printFraming } from '@curbside/shared';
import { Stack, Text } from '@mantine/core';
import classes from './PrintFramingPreview.module.css';

const T = MESSAGES.printCart;

/** The chosen print size's proportions over one photo: what the print keeps and what it trims. */
export function PrintFramingPreview({ photo, printSize }: { photo: CarImage; printSize: string }) {
  const framing = printFraming(photo, printSize);
  if (!framing) return null;
  return (
    <Stack gap={4} data-testid="print-framing">
      <div className={classes.frame} style={{ aspectRatio: framing.aspectRatio }}>
        <img className={classes.photo} src={photo.variants?.w400 ?? photo.url} alt="" />
      </div>
      <Text size="xs" c="dimmed" ta="center">
        {framing.trimmed
          ? T.framingTrimmed(printSize, framing.trimmedPercent, framing.trimmed)
          : T.framingWhole(printSize)}
      </Text>
    </Stack>
  );
}
