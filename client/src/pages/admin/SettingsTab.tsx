// Placeholder, replaced by the real tab (issue 6).
export function SettingsTab() {
  return null;
}
