import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** The spinner shown while the user or the site settings load, and while a page's code arrives. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : '50vh'} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
