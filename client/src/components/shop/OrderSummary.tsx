import '@mantine/core/styles/Card.css';
import { formatCents, type OrderTotals } from '@curbside/shared';
import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Subtotal, shipping, tax and total, with a label for the tax line (the rate or "estimated"). */
export function OrderSummary(props: {
  totals: OrderTotals;
  taxLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { totals } = props;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-summary">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Order Summary
        </Title>
        {props.children}
        <Row label="Subtotal" value={totals.subtotal} />
        <Row label="Shipping" value={totals.shipping} />
        <Row label={props.taxLabel} value={totals.tax} />
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="summary-total">
            {formatCents(totals.total)}
          </Text>
        </Group>
        {props.footer}
      </Stack>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm">{formatCents(value)}</Text>
    </Group>
  );
}
