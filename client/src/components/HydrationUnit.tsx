import { type ReactNode, Suspense, use, useSyncExternalStore } from 'react';

// Hydration on a phone's main thread. A server-rendered page shows and works as HTML (its links navigate)
// before React has adopted it; what needs React (buttons, forms, the menu) needs it only once the visitor does
// something. So the deferred units of a page the server rendered are hydrated at the visitor's first interaction, and
// the work of hydrating them is not done at all for a visitor who only reads. React hydrates a unit whose event
// arrives first at once (selective hydration): the pointerdown that released the units hydrates the unit under the
// finger before its own handlers run, so the tap or click is not lost.

/**
 * What counts as the first interaction: a mouse pointing at the page (the click that follows finds it hydrated), a
 * touch (scrolls start with one), a press, a key, focus, the wheel, and the events assistive technology and scripts
 * send without any of those (a click, a changed value).
 */
const INTERACTIONS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'click',
  'input',
  'change',
] as const;

let waitingForInteraction = false;
let interacted: () => void = () => {};
const firstInteraction = new Promise<void>((resolve) => {
  interacted = resolve;
});

/**
 * Called by main.tsx before it hydrates a page the server rendered: the deferred units wait for the first interaction.
 * Never called on the server, in tests, or when the page is rendered in the browser: the units render at once there.
 */
export function deferUnitsUntilInteraction(): void {
  waitingForInteraction = true;
  const release = () => {
    // Synchronously, in the capture phase: React's own listener for the same event finds the units released.
    waitingForInteraction = false;
    for (const type of INTERACTIONS) removeEventListener(type, release, true);
    interacted();
  };
  for (const type of INTERACTIONS) addEventListener(type, release, { capture: true, passive: true });
}

const subscribeToNothing = () => () => {};

/** Suspends while React hydrates and the visitor has not interacted yet: React keeps the server's markup meanwhile. */
function AfterFirstInteraction({ children }: { children: ReactNode }) {
  // true while React hydrates (the server's snapshot is used then), false in every render after.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  if (hydrating && waitingForInteraction) use(firstInteraction);
  return children;
}

/**
 * A part of a server-rendered page that React hydrates (and commits) on its own, after the rest: a Suspense boundary.
 * Hydrating a page as several such parts makes several short tasks instead of one long one (what Lighthouse counts as
 * blocking time). `defer`: hydrated only at the visitor's first interaction (above); for parts that need no script
 * until then (no timer, no effect that must run on arrival) and hold no form control (a value changed without a
 * press or focus first, by a script or assistive technology, would be adopted as the control's starting value and
 * its change lost), and whose content depends only on its props (a part that reads the address or a query itself
 * could be hydrated after a navigation with what the server did not render, and keep the server's attributes).
 * Transparent everywhere else: the part is rendered with the page.
 */
export function HydrationUnit({ children, defer = false }: { children: ReactNode; defer?: boolean }) {
  return (
    <Suspense fallback={null}>{defer ? <AfterFirstInteraction>{children}</AfterFirstInteraction> : children}</Suspense>
  );
}
