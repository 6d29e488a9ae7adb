// The design tokens' colours, in both themes: every pair the apps set text in reads at WCAG AA, and the
// statuses a player tells apart at a glance (won, lost, voided, live) stay apart.
import { describe, expect, it } from 'vitest';
import { palettes, type Palette } from '@pickem/client/design/tokens';

type Color = keyof Palette;

/** Every text colour on every background the apps draw it on (app/src/styles.css, mobile/src/ui.tsx). */
const TEXT_PAIRS: [Color, Color][] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'highlight'], // a chosen team, my row
  ['muted', 'background'],
  ['muted', 'surface'],
  ['muted', 'highlight'], // "(you)" in my row
  ['accent', 'background'], // links
  ['accent', 'surface'],
  ['onBrand', 'brand'], // the top bar
  ['onAccent', 'accent'], // the primary button
  ['onDanger', 'danger'], // a destructive button, the offline banner
  ['danger', 'background'], // errors
  ['danger', 'surface'],
  ['won', 'background'],
  ['won', 'surface'],
  ['won', 'highlight'],
  ['lost', 'surface'],
  ['voided', 'surface'],
  ['won', 'wonBg'], // the badges and tags
  ['live', 'liveBg'],
  ['upcoming', 'upcomingBg'],
  ['warning', 'warningBg'],
  ['champion', 'championBg'],
];

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** WCAG 2's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** CIE L*a*b* (D65) of an sRGB colour. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map(linear);
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIE76 ΔE: about 2 is a just noticeable difference; 20 and more reads as another colour. */
const difference = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));

describe('contrast', () => {
  it('is the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2); // the lightest grey at AA on white
  });
});

describe.each(Object.keys(palettes) as (keyof typeof palettes)[])('the %s theme', (scheme) => {
  const palette = palettes[scheme];

  it('spells every colour as #rrggbb', () => {
    for (const value of Object.values(palette)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(TEXT_PAIRS)('sets %s on %s at 4.5:1 or more (WCAG AA)', (text, background) => {
    expect(contrast(palette[text], palette[background])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps won, lost, voided and live apart', () => {
    const statuses: Color[] = ['won', 'lost', 'voided', 'live'];
    for (const a of statuses)
      for (const b of statuses)
        if (a < b) expect(difference(palette[a], palette[b]), `${a} and ${b}`).toBeGreaterThanOrEqual(20);
  });

  it('draws a live badge that stands out from its card', () => {
    expect(difference(palette.liveBg, palette.surface)).toBeGreaterThanOrEqual(10);
  });
});
