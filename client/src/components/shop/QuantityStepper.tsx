import { LIMITS, normalizeQuantity } from '@curbside/shared';
import { ActionIcon, Group, Input, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useIslands } from '../../islands/context';

/** Buttons and box of at least 44 px: a thumb's touch target. */
export const TOUCH_PX = 44;

/**
 * A quantity: − and + buttons around a box that takes typing. A whole number from 1 up (to `max`) is sent as it is
 * typed; on leaving the box, anything else is shown as what it means (spec part 1 §5, part 2 §5: not a number → 1,
 * "-3" → 1, empty → 1, above `max` → `max`). Once a change is settled (the cart took it, or refused it), the box shows
 * `value` again: what the cart really holds. Drawn by the server on an islands page (a car page's print card), a press
 * on − or + before the page's script has run is kept (EARLY_CLICKS_SCRIPT), and the box keeps what is typed in it for
 * the script to read (islands/car-photos.ts).
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
  const islands = useIslands();
  const step = islands ? { 'data-island-action': 'quantity' } : {};
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
          {...step}
          disabled={disabled || value <= LIMITS.cartQuantityMin}
          onClick={() => send(value - 1)}
        >
          −
        </ActionIcon>
        <TextInput
          id={id}
          aria-label={name}
          inputMode="numeric"
          data-island-part={islands ? 'quantity' : undefined}
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
          {...step}
          disabled={disabled || value >= max}
          onClick={() => send(value + 1)}
        >
          +
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
