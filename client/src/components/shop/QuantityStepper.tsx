import '@mantine/core/styles/NumberInput.css';
import { normalizeQuantity } from '@curbside/shared';
import { NumberInput } from '@mantine/core';

/** A quantity box that never goes below 1; anything that is not a number becomes 1 (spec part 1 §5, part 2 §5). */
export function QuantityStepper(props: {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  label?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <NumberInput
      label={props.label}
      aria-label={props['aria-label'] ?? props.label ?? 'Quantity'}
      value={props.value}
      min={1}
      max={props.max}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      disabled={props.disabled}
      onChange={(value) => props.onChange(normalizeQuantity(value, props.max))}
      w={110}
    />
  );
}
