import '@mantine/core/styles/Badge.css';
import { formatCents, MESSAGES, type Product } from '@curbside/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminRecordsTab, type RecordColumn } from './AdminRecordsTab';
import { adminPageQuery, ListPager, pageRows } from './list-pager';
import { ProductForm } from './ProductForm';
import { replaceById } from './record-actions';

const COLUMNS: RecordColumn<Product>[] = [
  {
    header: 'Name',
    cell: (product) => (
      <>
        <Text fw={600}>{product.name}</Text>
        <Text size="xs" c="dimmed">
          SKU {product.sku}
        </Text>
      </>
    ),
  },
  { header: 'Category', cell: (product) => <Text tt="capitalize">{product.category}</Text> },
  { header: 'Price', cell: (product) => formatCents(product.price) },
  { header: 'Stock', cell: (product) => product.stock },
  {
    header: 'Status',
    cell: (product) => (
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
    ),
  },
];

/** Products (part 2 §2): the list (inactive ones too) with Edit, Delete and the Active switch, and the form. */
export function ProductsTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  // One page at a time (GET /api/products?limit=&offset=, with one look-ahead row).
  const [page, setPage] = useState(0);
  const query = adminPageQuery(page);
  const products = useQuery(trpc.products.list.queryOptions(query));
  const shown = useQuery({ ...trpc.products.list.queryOptions(query), select: pageRows });

  return (
    <AdminRecordsTab
      noun="Product"
      listTitle="Products"
      records={shown}
      pager={<ListPager page={page} rows={products.data} onChange={setPage} />}
      fetchError={MESSAGES.fetchErrors.products}
      emptyText="No products yet. Add the first one above."
      nameOf={(product) => product.name}
      columns={COLUMNS}
      rowTestId="product-row"
      tableMinWidth={820}
      calls={{
        setActive: (input) => client.admin.products.update.mutate(input),
        remove: (input) => client.admin.products.delete.mutate(input),
        replaceInList: (updated) => queryClient.setQueryData(trpc.products.list.queryKey(query), replaceById(updated)),
        // The merch page and car pages read products too.
        refresh: () => queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() }),
      }}
      renderForm={(editing, handlers) => <ProductForm product={editing} {...handlers} />}
    />
  );
}
