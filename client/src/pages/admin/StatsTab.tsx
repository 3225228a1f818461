// Placeholder, replaced by the real tab (issue 6).
export function StatsTab() {
  return null;
}
