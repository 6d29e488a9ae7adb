/**
 * The design tokens both apps draw with: colours for the light and the dark theme (each app follows the
 * phone's setting), the type scale, spacing, radii, line widths and a few sizes. The one definition: the
 * web app's stylesheet gets them as CSS custom properties (app/design-tokens.ts), the React Native app as
 * style values (mobile/src/ui.tsx).
 *
 * Lengths are numbers in px, React Native's unit; the web app writes type, spacing, radii and sizes in
 * rem (px / 16), so that they follow the browser's text size, and line widths in px.
 */

/** One theme's colours. A pair `x` and `xBg` is text on its own background (a badge, a tag). */
export interface Palette {
  /** The page behind everything. */
  background: string;
  /** Cards, tables, panels, buttons and fields on the page. */
  surface: string;
  text: string;
  /** Secondary text: dates, counts, hints. */
  muted: string;
  /** Borders and rules. */
  line: string;
  /** The top bar. */
  brand: string;
  onBrand: string;
  /** Links, focus, the primary button, the player's own pick and row. */
  accent: string;
  onAccent: string;
  /** Behind the player's chosen team and their own row of a table. */
  highlight: string;
  /** Errors and destructive buttons. */
  danger: string;
  onDanger: string;
  /** A right pick, a winner, a scored event. */
  won: string;
  wonBg: string;
  /** A wrong pick. */
  lost: string;
  /** A pick on a match ended in a draw or a no contest, and that result itself. */
  voided: string;
  /** A live event (the broadcast has started). */
  live: string;
  liveBg: string;
  /** An event still to come. */
  upcoming: string;
  upcomingBg: string;
  /** Picks still needed before the bell. */
  warning: string;
  warningBg: string;
  /** A championship on the line. */
  champion: string;
  championBg: string;
}

export type ColorScheme = 'light' | 'dark';

export const palettes: Record<ColorScheme, Palette> = {
  light: {
    background: '#f6f5fb',
    surface: '#ffffff',
    text: '#16142b',
    muted: '#5b5872',
    line: '#d9d7e6',
    brand: '#1d1b3a',
    onBrand: '#ffffff',
    accent: '#c2185b',
    onAccent: '#ffffff',
    highlight: '#fff4f8',
    danger: '#b00020',
    onDanger: '#ffffff',
    won: '#1b6e3a',
    wonBg: '#dff3e6',
    lost: '#b3261e',
    voided: '#4f5b7a',
    live: '#8a0f3c',
    liveBg: '#ffe1ec',
    upcoming: '#23307a',
    upcomingBg: '#e3e8ff',
    warning: '#6b4e00',
    warningBg: '#fff3c4',
    champion: '#6b4a00',
    championBg: '#fff3d6',
  },
  // Shows are watched at night: dim surfaces, text a little off white, and each status colour lightened
  // so that it keeps its hue and its contrast (test/client/design-tokens.test.ts).
  dark: {
    background: '#121120',
    surface: '#1c1a2e',
    text: '#ecebf6',
    muted: '#aaa7c4',
    line: '#3b3856',
    brand: '#272452',
    onBrand: '#ffffff',
    accent: '#f48fb1',
    onAccent: '#2a0716',
    highlight: '#33192b',
    danger: '#ff8a80',
    onDanger: '#2b0006',
    won: '#7fd99a',
    wonBg: '#12331f',
    lost: '#ff9e7a',
    voided: '#a9b4d0',
    live: '#ffb3d6',
    liveBg: '#5a1538',
    upcoming: '#c3cbff',
    upcomingBg: '#222b55',
    warning: '#ffe08a',
    warningBg: '#3a3008',
    champion: '#ffd27a',
    championBg: '#3b2f0d',
  },
};

/** Font stacks (the web app's; React Native draws with the platform's system font). */
export const fontFamily = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  mono: 'ui-monospace, monospace',
} as const;

/** The type scale, in px: body text is `md`. */
export const fontSize = { xs: 13, sm: 14, md: 16, lg: 18, xl: 20, xxl: 24 } as const;

/** Letter spacing, in px: `wide` spaces out a code to read aloud or type (an invite code). */
export const letterSpacing = { wide: 1 } as const;

/** Spacing (padding, margins, gaps), in px. */
export const space = { xxs: 2, xs: 4, sm: 6, md: 8, lg: 12, xl: 16, xxl: 20, xxxl: 24 } as const;

/** Corner radii, in px; `pill` rounds a badge's ends. */
export const radius = { sm: 4, md: 6, lg: 8, xl: 12, pill: 999 } as const;

/** Line widths, in px: borders, the current menu item's underline, the focus ring, a marked row's bar. */
export const lineWidth = { thin: 1, thick: 2, focus: 3, marker: 4 } as const;

/**
 * Sizes, in px: a touch target's least height, a checkbox or radio, the page column's greatest width, a
 * chart's plot and the room a chart holds while it loads (its plot and caption: nothing below it moves),
 * a long list of a question's options (a Rumble's 30) before it scrolls.
 */
export const size = {
  touch: 44,
  control: 20,
  page: 704,
  chart: 220,
  chartSlot: 256,
  optionList: 288,
  answerOption: 128,
} as const;

/**
 * Widths where the web app's layout changes, in px (CSS cannot read a custom property in a media query,
 * so app/src/styles.css writes them out in rem; a test holds them to these): `phone`, 360 to 416 px,
 * takes smaller table type; under `narrow` the menu gets a row of its own.
 */
export const breakpoint = { phone: 416, narrow: 640 } as const;
