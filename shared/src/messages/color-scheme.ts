import type { ColorSchemeChoice } from '../color-scheme';

/** The header's theme switch (issue 39 item 13; chosen). Its name says the choice in force, its title the next one. */
const CHOICE_NAMES: Record<ColorSchemeChoice, string> = {
  auto: 'same as system',
  light: 'light',
  dark: 'dark',
};

export const COLOR_SCHEME_MESSAGES = {
  switchLabel: (choice: ColorSchemeChoice) => `Theme: ${CHOICE_NAMES[choice]}`,
  switchTitle: (choice: ColorSchemeChoice, next: ColorSchemeChoice) =>
    `Theme: ${CHOICE_NAMES[choice]} (click for ${CHOICE_NAMES[next]})`,
} as const;
