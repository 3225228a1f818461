import { MESSAGES } from '@curbside/shared';
import classes from './CheckoutSteps.module.css';

const C = MESSAGES.checkout;

/**
 * Where the shopper is in the checkout: Shipping, Payment, Confirmation (the order's own page), the current one marked
 * (aria-current="step"), the ones behind it ticked.
 */
export function CheckoutSteps({ current }: { current: number }) {
  return (
    <ol className={classes.steps} aria-label={C.stepsLabel}>
      {C.steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <li
            key={label}
            className={classes.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={classes.number} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={classes.label}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
