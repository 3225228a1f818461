import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import { formatCents, LIMITS, MESSAGES, type Product } from '@curbside/shared';
import { Badge, Button, Group, Paper, ScrollArea, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { ProductForm } from './ProductForm';

const ADMIN_PRODUCTS_QUERY = { limit: LIMITS.adminListLimit };

/** Products (part 2 §2): the list (inactive ones too) with Edit, Delete and the Active switch, and the form. */
export function ProductsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const products = useQuery(trpc.products.list.queryOptions(ADMIN_PRODUCTS_QUERY));
  const [editing, setEditing] = useState<Product | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const update = useMutation(trpc.admin.products.update.mutationOptions());
  const remove = useMutation(trpc.admin.products.delete.mutationOptions());
  // The merch page and car pages read products too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });

  const setActive = (product: Product, active: boolean) =>
    update.mutate(
      { id: product.id, active },
      {
        onSuccess: (updated) => {
          queryClient.setQueryData(trpc.products.list.queryKey(ADMIN_PRODUCTS_QUERY), (list) =>
            list?.map((item) => (item.id === updated.id ? updated : item)),
          );
          notifyToast(MESSAGES.admin.success);
          void refresh();
        },
        onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.admin.success);
          if (editing?.id === toDelete.id) setEditing(null);
          setToDelete(null);
          void refresh();
        },
        onError: (error) => notifyError(MESSAGES.admin.deleteFailed, error),
      },
    );
  };

  const startEditing = (product: Product) => {
    setEditing(product);
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const togglingId = update.isPending ? update.variables?.id : undefined;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" ref={formRef}>
        <Stack>
          <Title order={2} fz="h3">
            {editing ? `Edit Product: ${editing.name}` : 'Add New Product'}
          </Title>
          <ProductForm key={editing?.id ?? 'new'} product={editing} onDone={() => setEditing(null)} />
        </Stack>
      </Paper>

      <Title order={2} fz="h3">
        Products
      </Title>
      {products.isPending ? (
        <PageLoader />
      ) : products.isError ? (
        <Text c="red">{MESSAGES.fetchErrors.products}</Text>
      ) : products.data.length === 0 ? (
        <Text c="dimmed">No products yet. Add the first one above.</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.map((product) => (
                <Table.Tr key={product.id} data-testid="product-row">
                  <Table.Td>
                    <Text fw={600}>{product.name}</Text>
                    <Text size="xs" c="dimmed">
                      SKU {product.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td tt="capitalize">{product.category}</Table.Td>
                  <Table.Td>{formatCents(product.price)}</Table.Td>
                  <Table.Td>{product.stock}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={product.active ? 'green' : 'gray'} variant="light">
                        {product.active ? 'Active' : 'Inactive'}
                      </Badge>
                      {product.featured ? (
                        <Badge color="yellow" variant="light">
                          Featured
                        </Badge>
                      ) : null}
                      {product.isMerch ? (
                        <Badge color="grape" variant="light">
                          Merch
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Active: ${product.name}`}
                      checked={togglingId === product.id ? Boolean(update.variables?.active) : product.active}
                      disabled={togglingId === product.id}
                      onChange={(event) => setActive(product, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => startEditing(product)}>
                        Edit
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setToDelete(product)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
