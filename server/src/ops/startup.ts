// Where the server's start-up goes: marks in milliseconds since the process started (performance.now()), logged with
// the "is running at" line (main.ts) so a slow start can be read from the log, and read by scripts/startup-bench.mjs.

const marks: Record<string, number> = {};

/** Notes that `phase` has just ended (the first time only: tests build several apps in one process). */
export function markStartup(phase: string): void {
  marks[phase] ??= Math.round(performance.now());
}

/** The marks so far, in the order they were made. */
export function startupMarks(): Record<string, number> {
  return { ...marks };
}
