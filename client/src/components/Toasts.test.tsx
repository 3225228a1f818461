import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyToast } from '../lib/notify';
import { renderApp } from '../test/render';

describe('toasts', () => {
  it('show one at a time, and a newer one replaces the older at once instead of waiting behind it', async () => {
    renderApp({ path: '/terms-of-service' });
    notifyToast({ title: 'Vote recorded!', message: 'Thank you for supporting this car.' });
    await screen.findByText('Vote recorded!');
    notifyToast({ title: 'Added to cart!', message: 'Your selected print has been added to your cart.' });
    await screen.findByText('Added to cart!');
    await waitFor(() => expect(screen.queryByText('Vote recorded!')).toBeNull());
    expect(screen.getByText('Your selected print has been added to your cart.')).toBeTruthy();
  });
});
