/**
 * The merchant's colours (branding from the gateway's merchant settings) turned into the
 * page's CSS variables, keeping every pair readable: a merchant colour is used only where
 * it meets WCAG AA contrast, else a safe default takes its place. Pure: unit-tested.
 *
 * Worked out once, by the gateway: it writes them into the document as a `:root` rule
 * (first-view.ts, `themeCss`), for the first view and the page's own drawing alike. The
 * page's script carries none of this.
 */

export interface Branding {
  primary_color: string;
  background_color: string;
  text_color: string;
}

/** CSS custom properties for the page root. */
export type ThemeVariables = Readonly<Record<'--brand' | '--on-brand' | '--brand-ink' | '--page-bg' | '--page-ink', string>>;

const DEFAULTS = { primary: '#1f5f4a', background: '#f5f6f8', text: '#1a1f36' };
const WHITE = '#ffffff';
const INK = '#111827';
/** The page's panels are white; text and controls on them are judged against white. */
const SURFACE = WHITE;

/** '#abc' or '#aabbcc' → '#aabbcc'; anything else (names, rgb(), url(...)) → undefined. */
export function normalizeHex(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const hex = match[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #rrggbb colours, 1–21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function themeVariables(branding: Partial<Branding> | undefined): ThemeVariables {
  const primary = normalizeHex(branding?.primary_color) ?? DEFAULTS.primary;
  const background = normalizeHex(branding?.background_color) ?? DEFAULTS.background;
  const text = normalizeHex(branding?.text_color);
  // Button text: white or ink, whichever reads on the brand colour (AA, 4.5:1).
  const onBrand = contrast(primary, WHITE) >= 4.5 ? WHITE : INK;
  const brandUsable = contrast(primary, onBrand) >= 4.5;
  const brand = brandUsable ? primary : DEFAULTS.primary;
  // Links and focus rings on the white panels need 4.5:1 against white.
  const brandInk = contrast(brand, SURFACE) >= 4.5 ? brand : INK;
  const pageInk = text && contrast(text, background) >= 4.5 ? text : contrast(INK, background) >= 4.5 ? INK : WHITE;
  return {
    '--brand': brand,
    '--on-brand': brandUsable ? onBrand : WHITE,
    '--brand-ink': brandInk,
    '--page-bg': background,
    '--page-ink': pageInk,
  };
}
