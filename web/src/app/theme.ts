import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Okabe and Ito's colour-blind-safe vermilion (#d55e00 at shade 6), the colour-impaired mode's "failed / missing"
 * (components/ui-settings.tsx): Mantine's own orange is too light behind text in its light variant.
 */
const vermilion: MantineColorsTuple = [
  '#fff0e6',
  '#ffdcc7',
  '#ffbb94',
  '#ff985e',
  '#f57a35',
  '#e86a17',
  '#d55e00',
  '#b84f00',
  '#9a4100',
  '#7d3400',
];

export const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  colors: { vermilion },
  // Filled buttons and badges pick black or white text by the shade's luminance; at 0.179 (where both give the
  // same ratio) whichever is picked keeps WCAG AA's 4.5:1 — white on Mantine's teal 6 is 2.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  // A dialog's × is an icon: without a name a screen reader announces a nameless button.
  components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } },
});

/**
 * The light variant (badges, alerts) writes shade 9 on shade 1; in the light scheme that is under WCAG AA's 4.5:1
 * for these colours, so their text is a little darker there (each ≥ 4.7:1 on its shade 1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's dimmed grey (gray 6) is 3.3:1 on white; gray 7 is 8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Links in teal 6 are 2.4:1 on white; teal 9 is 4.8:1 on the striped rows too.
    '--mantine-color-anchor': 'var(--mantine-color-teal-9)',
    // Outline badges write teal 6 on white too (2.5:1).
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
    '--mantine-color-red-light-color': '#c12828',
    '--mantine-color-teal-light-color': '#087756',
    '--mantine-color-green-light-color': '#267937',
    '--mantine-color-lime-light-color': '#4a760a',
    '--mantine-color-yellow-light-color': '#a65600',
    '--mantine-color-orange-light-color': '#b63c0d',
  },
  dark: {
    // Mantine's dimmed (dark 2) is 4.0:1 on the dark body; dark 1 is 7.8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});
