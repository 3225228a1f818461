import { LIMITS, normalizeQuantity } from '@curbside/shared';
import { ActionIcon, Group, Input, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';

/** Buttons and box of at least 44 px: a thumb's touch target. */
export const TOUCH_PX = 44;

/**
 * A quantity: − and + buttons around a box that takes typing. A whole number from 1 up (to `max`) is sent as it is
 * typed; on leaving the box, anything else is shown as what it means (spec part 1 §5, part 2 §5: not a number → 1,
 * "-3" → 1, empty → 1, above `max` → `max`). Once a change is settled (the cart took it, or refused it), the box shows
 * `value` again: what the cart really holds.
 */
export function QuantityStepper(props: {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  label?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { value, onChange, disabled } = props;
  const max = props.max ?? LIMITS.cartQuantityMax;
  const name = props['aria-label'] ?? props.label ?? 'Quantity';
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // A new value from outside, or a change that has settled: show what is held, not what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value is what drops the draft
  useEffect(() => {
    if (!disabled) setDraft(null);
  }, [value, disabled]);

  const send = (quantity: number) => {
    if (quantity !== value) onChange(quantity);
  };
  const type = (text: string) => {
    setDraft(text);
    if (/^\d+$/.test(text.trim())) {
      const typed = Number(text);
      if (typed >= LIMITS.cartQuantityMin && typed <= max) send(typed);
    }
  };
  const settle = () => {
    if (draft === null) return;
    const quantity = normalizeQuantity(draft, max);
    setDraft(null);
    send(quantity);
  };

  return (
    <Input.Wrapper label={props.label} labelElement="label" id={id}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          size={TOUCH_PX}
          variant="default"
          aria-label={`Decrease ${name}`}
          disabled={disabled || value <= LIMITS.cartQuantityMin}
          onClick={() => send(value - 1)}
        >
          −
        </ActionIcon>
        <TextInput
          id={id}
          aria-label={name}
          inputMode="numeric"
          value={draft ?? String(value)}
          disabled={disabled}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={settle}
          onKeyDown={(event) => {
            if (event.key === 'Enter') settle();
          }}
          w={64}
          styles={{ input: { height: TOUCH_PX, textAlign: 'center' } }}
        />
        <ActionIcon
          size={TOUCH_PX}
          variant="default"
          aria-label={`Increase ${name}`}
          disabled={disabled || value >= max}
          onClick={() => send(value + 1)}
        >
          +
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
