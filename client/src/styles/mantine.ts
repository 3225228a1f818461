// Mantine styles per component instead of the whole @mantine/core stylesheet (36 KB gzip): here only what the app
// shell (navigation, footer, spinner) and the light pages use. A screen or lazy component that needs more imports
// those files itself, so they travel in its own chunk (AuthPage: Tabs, Modal…; UserMenu: Menu, Popover; Toasts), with
// those of what the component is built from (a Select's Combobox and Popover): mantine-styles.test.ts checks it.
// Order: global styles, then shared building blocks, then components (Mantine's documented order).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
// The label beside a Checkbox, Switch or Radio (their own files travel with the screens that use them).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
// Text before Anchor (Mantine's own stylesheet order): an Anchor is a Text, and Text's `text-decoration: none` must
// not override Anchor's underline.
import '@mantine/core/styles/Text.css';

import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
// The brand faces (Inter, Barlow Condensed), self-hosted.
import './fonts.css';
// After Mantine's: the theme's colour overrides (secondary buttons, the light scheme).
import './theme.css';
