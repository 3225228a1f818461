// What an island's script reads from its root element, which the server rendered (no React here: the islands'
// script imports this).

/**
 * What an island's script reads from its root element (islands/main.ts): values the server knows and the script would
 * otherwise have to bundle (the script imports nothing the app's entry has, so the two share no chunk).
 */
export const islandProps = (props: object) => ({ 'data-island-props': JSON.stringify(props) });

/** The props `islandProps` put on `root`, or {} when it has none or they are not JSON. */
export function readIslandProps<T extends object>(root: HTMLElement): Partial<T> {
  try {
    return JSON.parse(root.dataset.islandProps ?? '{}') as Partial<T>;
  } catch {
    return {};
  }
}

/** The header's props (islands/header.ts). */
export interface HeaderIslandProps {
  /** How far the page scrolls before the bar turns opaque (px). */
  opaqueAfter: number;
  /** The burger's name when its menu is closed, and when it is open. */
  menuLabels: [string, string];
}

/** The featured cars' props (islands/featured-slider.ts). */
export interface SliderIslandProps {
  /** How long a slide shows before the next (ms). */
  intervalMs: number;
}
