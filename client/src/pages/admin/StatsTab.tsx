import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import {
  type BestSeller,
  categoryLabel,
  formatCents,
  formatStatsMonth,
  MESSAGES,
  type ShopMonth,
  type ShopStats,
} from '@curbside/shared';
import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';
import { CardVotesPanel } from './CardVotesPanel';
import classes from './stats-bars.module.css';

const CARDS = [
  { key: 'totalCars', label: 'Total Cars' },
  { key: 'featuredCars', label: 'Featured Cars' },
  { key: 'totalVotes', label: 'Total Votes' },
] as const;

const SHOP_TEXT = {
  heading: 'Shop: Last 12 Months',
  note: 'Months in US Central time. Sales are orders that were not canceled, at what the customer paid (shipping and tax included) less any refund.',
  revenue: 'Revenue',
  orders: 'Orders',
  averageOrderValue: 'Average Order',
  refunds: 'Refunds',
  revenueByMonth: 'Revenue by Month',
  month: 'Month',
  total: '12 months',
  bestByUnits: 'Best Sellers by Units',
  bestByRevenue: 'Best Sellers by Revenue',
  product: 'Product',
  units: 'Units',
  noSales: 'No sales in the last 12 months.',
  prints: 'Prints',
  merch: 'Merchandise',
  cancellations: 'Canceled Orders',
} as const;

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/**
 * Statistics (part 2 §2): three counters and the Category Distribution, all counted by the server
 * (GET /api/admin/stats), then the shop's last 12 Central months computed by the server from the orders. The bar
 * charts are plain HTML and CSS: labelled bars, readable by screen readers and light enough for the admin chunk.
 */
export function StatsTab() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.overview.queryOptions());

  if (stats.isPending) return <PageLoader />;
  if (stats.isError) return <LoadError message={MESSAGES.fetchErrors.siteStats} query={stats} />;
  const { categories } = stats.data;
  const highest = Math.max(1, ...categories.map((c) => c.count));
  const total = categories.reduce((sum, c) => sum + c.count, 0);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CARDS.map((card) => (
          <Paper key={card.key} withBorder p="lg" radius="md">
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {card.label}
            </Text>
            <Text fz={32} fw={800} data-testid={`stat-${card.key}`}>
              {stats.data[card.key].toLocaleString('en-US')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h3" mb="md">
          {MESSAGES.labels.categoryDistribution}
        </Title>
        {categories.length === 0 ? (
          <Text c="dimmed">{MESSAGES.admin.noCategoryData}</Text>
        ) : (
          <ul className={classes.chart} aria-label={MESSAGES.labels.categoryDistribution}>
            {categories.map(({ category, count }) => {
              const label = categoryLabel(category);
              const share = total ? Math.round((count / total) * 100) : 0;
              return (
                <li key={label} className={classes.row} data-testid="category-bar">
                  <span className={classes.label}>{label}</span>
                  <span className={classes.track} aria-hidden="true">
                    <span className={classes.bar} style={{ width: `${(count / highest) * 100}%` }} />
                  </span>
                  <span className={classes.value}>
                    {count} <span className={classes.share}>({share}%)</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Paper>
      <ShopSection shop={stats.data.shop} />
      <CardVotesPanel />
    </Stack>
  );
}

function ShopSection({ shop }: { shop: ShopStats }) {
  const { totals, cancellations } = shop;
  const cards = [
    { key: 'revenue', label: SHOP_TEXT.revenue, value: formatCents(totals.revenue) },
    { key: 'orders', label: SHOP_TEXT.orders, value: count(totals.orders) },
    { key: 'averageOrderValue', label: SHOP_TEXT.averageOrderValue, value: formatCents(totals.averageOrderValue) },
    { key: 'refunds', label: SHOP_TEXT.refunds, value: formatCents(totals.refundedAmount) },
  ];
  return (
    <Stack gap="lg" component="section" aria-labelledby="shop-stats-heading">
      <div>
        <Title order={2} size="h3" id="shop-stats-heading">
          {SHOP_TEXT.heading}
        </Title>
        <Text size="sm" c="dimmed">
          {SHOP_TEXT.note}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {cards.map((card) => (
          <Paper key={card.key} withBorder p="md" radius="md">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {card.label}
            </Text>
            <Text fw={800} className={classes.figure} data-testid={`shop-${card.key}`}>
              {card.value}
            </Text>
            {card.key === 'refunds' && (
              <Text size="xs" c="dimmed">
                {plural(totals.refunds, 'order', 'orders')}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Title order={3} size="h4" mb="md">
          {SHOP_TEXT.revenueByMonth}
        </Title>
        <MonthChart months={shop.months} />
        <MonthTable months={shop.months} totals={totals} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BestSellers title={SHOP_TEXT.bestByUnits} products={shop.bestSellers.byQuantity} testId="best-by-units" />
        <BestSellers title={SHOP_TEXT.bestByRevenue} products={shop.bestSellers.byRevenue} testId="best-by-revenue" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['print', 'merch'] as const).map((kind) => (
          <Paper key={kind} withBorder p="md" radius="md" data-testid={`shop-kind-${kind}`}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {kind === 'print' ? SHOP_TEXT.prints : SHOP_TEXT.merch}
            </Text>
            <Text fw={700}>
              {plural(shop.byKind[kind].quantity, 'unit', 'units')} · {formatCents(shop.byKind[kind].revenue)}
            </Text>
          </Paper>
        ))}
        <Paper withBorder p="md" radius="md" data-testid="shop-cancellations">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {SHOP_TEXT.cancellations}
          </Text>
          <Text fw={700}>{count(cancellations.canceled)}</Text>
          {cancellations.canceled > 0 && (
            <Text size="sm">
              {count(cancellations.refunded)} refunded, {count(cancellations.partiallyRefunded)} partly refunded,{' '}
              {count(cancellations.notRefunded)} not refunded
            </Text>
          )}
          {cancellations.refundFailed > 0 && (
            <Text size="sm" c="red" fw={600}>
              {plural(cancellations.refundFailed, 'refund', 'refunds')} failed: refund in the payment provider's
              dashboard
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** Twelve columns, oldest month on the left, each as tall as its revenue against the best month. */
function MonthChart({ months }: { months: ShopMonth[] }) {
  const highest = Math.max(1, ...months.map((m) => m.revenue));
  return (
    <ol className={classes.columns} aria-label={SHOP_TEXT.revenueByMonth}>
      {months.map((m) => {
        const [name = '', year = ''] = formatStatsMonth(m.month).split(' ');
        return (
          <li key={m.month} className={classes.column} data-testid="month-bar">
            <span className={classes.columnTrack} aria-hidden="true">
              <span
                className={classes.columnBar}
                style={{ height: m.revenue ? `${Math.max(2, (m.revenue / highest) * 100)}%` : 0 }}
              />
            </span>
            <span className={classes.columnLabel}>
              {name}
              <span className={classes.visuallyHidden}>
                {` ${year}: ${formatCents(m.revenue)}, ${plural(m.orders, 'order', 'orders')}`}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A table's column headings: what the rows are, then figures (right-aligned like the figures below them). */
function FigureHead({ labels: [first, ...figures] }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{first}</Table.Th>
        {figures.map((label) => (
          <Table.Th key={label} scope="col" className={classes.numberHead}>
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The same months as figures, newest first, with the twelve added up. */
function MonthTable({ months, totals }: { months: ShopMonth[]; totals: ShopStats['totals'] }) {
  const row = (label: string, m: Omit<ShopMonth, 'month'>) => (
    <>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td className={classes.number}>{count(m.orders)}</Table.Td>
      <Table.Td className={classes.number}>{formatCents(m.revenue)}</Table.Td>
      <Table.Td className={classes.number}>{formatCents(m.averageOrderValue)}</Table.Td>
      <Table.Td className={classes.number}>
        {m.refunds ? (
          <>
            {formatCents(m.refundedAmount)}
            <span className={classes.subFigure}>{plural(m.refunds, 'order', 'orders')}</span>
          </>
        ) : (
          '–'
        )}
      </Table.Td>
    </>
  );
  return (
    <Table
      className={classes.table}
      mt="lg"
      fz={{ base: 'xs', sm: 'sm' }}
      horizontalSpacing={6}
      verticalSpacing={4}
      striped
    >
      <FigureHead
        labels={[SHOP_TEXT.month, SHOP_TEXT.orders, SHOP_TEXT.revenue, SHOP_TEXT.averageOrderValue, SHOP_TEXT.refunds]}
      />
      <Table.Tbody>
        {[...months].reverse().map((m) => (
          <Table.Tr key={m.month} data-testid="month-row">
            {row(formatStatsMonth(m.month), m)}
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr data-testid="month-total">{row(SHOP_TEXT.total, totals)}</Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function BestSellers({ title, products, testId }: { title: string; products: BestSeller[]; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {products.length === 0 ? (
        <Text c="dimmed">{SHOP_TEXT.noSales}</Text>
      ) : (
        <Table
          className={classes.table}
          fz={{ base: 'xs', sm: 'sm' }}
          horizontalSpacing={6}
          verticalSpacing={4}
          data-testid={testId}
        >
          <FigureHead labels={[SHOP_TEXT.product, SHOP_TEXT.units, SHOP_TEXT.revenue]} />
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={`${p.productId ?? ''}-${p.name}`}>
                <Table.Td>
                  {p.name}{' '}
                  <Badge size="xs" variant="light" color={p.kind === 'print' ? 'blue' : 'grape'}>
                    {p.kind === 'print' ? 'Print' : 'Merch'}
                  </Badge>
                </Table.Td>
                <Table.Td className={classes.number}>{count(p.quantity)}</Table.Td>
                <Table.Td className={classes.number}>{formatCents(p.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
