import '@mantine/core/styles/Indicator.css';
import { Indicator } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The number of lines in the cart, on the header's cart button. Its own chunk (fetched once a visitor is signed in):
 * only a signed-in visitor with something in the cart sees it, and it is not part of the first download.
 */
export default function CartIndicator({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Indicator label={count} size={18} offset={4}>
      {children}
    </Indicator>
  );
}
