// The heavy parts of a car page sent as islands (car-photos.ts loads this chunk when the visitor heads for one): the
// lightbox (PhotoViewer) and the print picker (PurchasePrintCard), the app's own components with the app's providers
// (providers.tsx: Mantine's theme, the toasts, the query cache, the tRPC client), in one React tree. The print card
// replaces the one the server drew, from the same choice (car-store.ts), before the browser paints; the lightbox is a
// dialog over the page. A signed-out visitor's Add to Cart goes to sign-in as a page load (no app here to show it),
// with the choice in the return address, as in the app.
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type BaseLocationHook, Router } from 'wouter';
import { PurchasePrintCard } from '../components/shop/PurchasePrintCard';
import { type AppRouter, createQueryClient, createTrpcClient } from '../lib/trpc';
import { PhotoViewer } from '../pages/car-detail/PhotoViewer';
import { AppProviders } from '../providers';
import type { CarPartsMount } from './car-store';

/** The page's address; a navigation loads its page (a replacement only changes the address: this page stays). */
const pageLocation: BaseLocationHook = () => [
  window.location.pathname,
  (to: string, options?: { replace?: boolean }) => {
    if (options?.replace) window.history.replaceState(window.history.state, '', to);
    else window.location.assign(to);
  },
];
const pageSearch = () => window.location.search.replace(/^\?/, '');

/** Mounts the parts: once the list of prints has arrived, so the card's first render is the server's. */
export async function mountCarParts(mount: CarPartsMount): Promise<void> {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  // The page was rendered for a signed-out visitor.
  queryClient.setQueryData(trpc.accounts.me.queryKey(), null);
  if (mount.printCard) await queryClient.prefetchQuery(trpc.products.list.queryOptions({ limit: 100 }));
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <Router hook={pageLocation} searchHook={pageSearch}>
      <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
        <CarParts {...mount} />
      </AppProviders>
    </Router>,
  );
}

function CarParts({ store, carId, alt, photos, printCard, typedQuantity, onMounted }: CarPartsMount) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const host = useMemo(() => document.createElement('div'), []);
  // The server's card is still in place: its quantity box as the visitor left it.
  const [quantity] = useState(typedQuantity);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the card has been rendered into `host`
  useLayoutEffect(() => onMounted(printCard ? host : null), []);
  const index = photos.findIndex((photo) => photo.image.id === state.shownId);
  return (
    <>
      {printCard
        ? createPortal(
            <PurchasePrintCard
              carId={carId}
              photos={photos}
              selectedImageIds={state.selected}
              onSelectionChange={(selected) => store.set({ selected })}
              typedQuantity={quantity}
            />,
            host,
          )
        : null}
      {state.viewerWanted ? (
        <PhotoViewer
          opened={state.viewerOpen}
          photos={photos}
          index={Math.max(0, index)}
          alt={alt}
          onIndexChange={(next) => store.set({ shownId: photos[next]?.image.id ?? null })}
          onClose={() => store.set({ viewerOpen: false })}
        />
      ) : null}
    </>
  );
}
