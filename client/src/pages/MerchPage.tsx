import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import { MESSAGES, type Product } from '@curbside/shared';
import { Anchor, Center, Container, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { MerchCard } from '../components/shop/MerchCard';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../lib/trpc';

/** /merch: the merchandise grid with a picture lightbox (spec part 1 §2 Merchandise). */
export default function MerchPage() {
  useDocumentTitle('Merchandise');
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const merch = useQuery(trpc.products.merch.queryOptions());
  const [enlarged, setEnlarged] = useState<Product | null>(null);

  return (
    <Container size="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Merchandise</Title>
          <Text c="dimmed">Stickers, apparel and QR-code merch from the Curbside shop.</Text>
          {!user ? (
            <Text size="sm" mt={4}>
              <Anchor component={Link} href="/auth" underline="always">
                Sign in
              </Anchor>{' '}
              to add items to your cart.
            </Text>
          ) : null}
        </div>
        {merch.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : merch.isError ? (
          <LoadError
            message={MESSAGES.fetchErrors.merch}
            explanation={MESSAGES.loadError.merch}
            query={merch}
            back={BACK_TO_GALLERY}
          />
        ) : merch.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {MESSAGES.merch.empty}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {merch.data.map((product) => (
              <MerchCard key={product.id} product={product} onOpenImage={setEnlarged} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {/* Escape and a click outside close it (Mantine's defaults). */}
      <Modal opened={enlarged !== null} onClose={() => setEnlarged(null)} size="xl" title={enlarged?.name} centered>
        {enlarged?.imageUrl ? (
          <img src={enlarged.imageUrl} alt={enlarged.name} style={{ width: '100%', display: 'block' }} />
        ) : null}
      </Modal>
    </Container>
  );
}
