import { LIMITS } from '@curbside/shared';

/** Confetti after a counted vote (the Vote button's, in the app and on an islands page): decoration only. */
export async function celebrate(): Promise<void> {
  // No canvas (a test DOM, or a browser that blocks it): nothing to draw on.
  if (!document.createElement('canvas').getContext('2d')) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    const end = Date.now() + LIMITS.confettiMs;
    const burst = () => {
      confetti({ particleCount: 40, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
      if (Date.now() < end) window.setTimeout(burst, 400);
    };
    burst();
  } catch {
    // Decoration only.
  }
}
