import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import { type CreatePaymentIntentInput, createPaymentIntentInputSchema, US_STATES } from '@curbside/shared';
import { Button, Grid, Select, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

export interface ShippingValues {
  email: string;
  shippingAddress: {
    name: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: 'US';
  };
}

export function useShippingForm(email: string, name: string) {
  return useForm({
    mode: 'controlled',
    initialValues: {
      email,
      shippingAddress: { name, line1: '', line2: '', city: '', state: '', postalCode: '', country: 'US' as const },
    },
    validate: schemaResolver(createPaymentIntentInputSchema, { sync: true }),
    transformValues: (values: ShippingValues): CreatePaymentIntentInput => createPaymentIntentInputSchema.parse(values),
  });
}

export type ShippingForm = ReturnType<typeof useShippingForm>;

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** Step 1: where the order ships (every required field; the 50 states plus DC; US only). */
export function ShippingFormFields(props: {
  form: ShippingForm;
  onSubmit: (input: CreatePaymentIntentInput) => void;
  submitting: boolean;
}) {
  const { form } = props;
  return (
    <form onSubmit={form.onSubmit(props.onSubmit)} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          1. Shipping Information
        </Title>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Full name" autoComplete="name" withAsterisk {...form.getInputProps('shippingAddress.name')} />
        <TextInput
          label="Address line 1"
          autoComplete="address-line1"
          withAsterisk
          {...form.getInputProps('shippingAddress.line1')}
        />
        <TextInput
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          {...form.getInputProps('shippingAddress.line2')}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="City"
              autoComplete="address-level2"
              withAsterisk
              {...form.getInputProps('shippingAddress.city')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="State"
              placeholder="Select a state"
              data={STATE_OPTIONS}
              searchable
              withAsterisk
              {...form.getInputProps('shippingAddress.state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              label="ZIP code"
              autoComplete="postal-code"
              withAsterisk
              {...form.getInputProps('shippingAddress.postalCode')}
            />
          </Grid.Col>
        </Grid>
        <TextInput label="Country" value="United States" readOnly withAsterisk />
        <Button type="submit" loading={props.submitting}>
          Continue to Payment
        </Button>
      </Stack>
    </form>
  );
}
