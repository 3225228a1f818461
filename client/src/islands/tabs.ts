// Tabs on an islands page (main.ts): what Mantine's Tabs do, on the server's markup (every panel rendered, the
// inactive ones hidden): a tab's click shows its panel; the arrow keys, Home and End move between tabs and show theirs.

/** Wakes the tabs `root` (a tablist and its panels, as Mantine's Tabs render them). */
export function wakeTabs(root: HTMLElement): void {
  const tabs = Array.from(root.querySelectorAll<HTMLElement>('[role="tab"]'));
  // Each tab's panel, named by the tab (aria-labelledby); the tab names it back once both are there.
  const panelOf = new Map(
    tabs.map((tab) => [
      tab,
      root.querySelector<HTMLElement>(`[role="tabpanel"][aria-labelledby="${CSS.escape(tab.id)}"]`),
    ]),
  );
  for (const [tab, panel] of panelOf) if (panel?.id) tab.setAttribute('aria-controls', panel.id);
  const show = (chosen: HTMLElement) => {
    for (const tab of tabs) {
      const active = tab === chosen;
      tab.setAttribute('aria-selected', String(active));
      tab.tabIndex = active ? 0 : -1;
      tab.toggleAttribute('data-active', active);
      const panel = panelOf.get(tab);
      if (panel) panel.style.display = active ? '' : 'none';
    }
  };
  for (const tab of tabs) tab.addEventListener('click', () => show(tab));
  root.querySelector('[role="tablist"]')?.addEventListener('keydown', (event) => {
    const { key } = event as KeyboardEvent;
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next =
      key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : key === 'Home'
            ? 0
            : key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    tab.focus();
    show(tab);
  });
}
