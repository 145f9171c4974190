import { describe, expect, it } from 'vitest';
import type { FieldStyles } from '../shared/payment-types';
import { filterStyles, STYLE_KEYS } from './style-allow-list';

/** The value filterStyles keeps for one key, or undefined when it drops it. */
const kept = (key: keyof FieldStyles, value: unknown): string | undefined => filterStyles({ [key]: value })[key];

describe('filterStyles: input shapes', () => {
  it('answers {} for anything that is not a plain object', () => {
    for (const input of [undefined, null, 'color: red', 42, true, ['--ef-color-text', 'red'], () => 'red']) {
      expect(filterStyles(input)).toEqual({});
    }
  });

  it('drops unknown keys, including real CSS properties and look-alike names', () => {
    expect(
      filterStyles({
        color: 'red',
        background: 'red',
        '--ef-color-text ': 'red',
        '--EF-COLOR-TEXT': 'red',
        '--ef-colour-text': 'red',
        '--ef-color-text': '#111',
      }),
    ).toEqual({ '--ef-color-text': '#111' });
  });

  it('reads own string properties only', () => {
    const inherited = Object.create({ '--ef-color-text': 'red' }) as object;
    expect(filterStyles(inherited)).toEqual({});
    expect(filterStyles({ '--ef-color-text': 0, '--ef-radius': 4, '--ef-font-weight': 700 })).toEqual({});
    expect(filterStyles({ '--ef-color-text': { toString: () => 'red' } })).toEqual({});
  });

  it('trims values and keeps every key of the public FieldStyles', () => {
    expect(kept('--ef-color-text', '  #abc  ')).toBe('#abc');
    expect(STYLE_KEYS).toHaveLength(23); // 14 base variables and 9 per-state rules (Theme.rules)
  });

  it('keeps a full, realistic theme unchanged', () => {
    const theme: FieldStyles = {
      '--ef-font-family': '"Inter", -apple-system, Segoe UI, sans-serif',
      '--ef-font-size': '1rem',
      '--ef-font-weight': '500',
      '--ef-color-text': '#1a1a1a',
      '--ef-color-placeholder': 'rgba(0, 0, 0, 0.55)',
      '--ef-color-background': 'white',
      '--ef-color-border': 'hsl(220 10% 70%)',
      '--ef-color-focus': '#0a66c2ff',
      '--ef-color-error': 'rgb(180 20 40)',
      '--ef-color-label': 'currentColor',
      '--ef-radius': '8px 8px 0 0',
      '--ef-spacing': '0.75em',
      '--ef-input-padding': '10px 12px',
      '--ef-border-width': '1px',
    };
    expect(filterStyles(theme)).toEqual(theme);
  });
});

describe('filterStyles: colours', () => {
  it.each([
    '#fff',
    '#FFFF',
    '#a1b2c3',
    '#a1b2c380',
    'rgb(0,0,0)',
    'rgb(10 20 30)',
    'rgba(10, 20, 30, 0.5)',
    'rgb(10 20 30 / 50%)',
    'hsl(210, 50%, 40%)',
    'hsl(210deg 50% 40%)',
    'hsla(210, 50%, 40%, 0.5)',
    'transparent',
    'currentColor',
    'Navy',
  ])('keeps %s', (value) => {
    expect(kept('--ef-color-text', value)).toBe(value);
  });

  it.each([
    '#ff',
    '#fffff',
    '#ggg',
    'red; background:url(https://evil)',
    'red;background:url(https://evil.example/x.png)',
    'red }body{background:red',
    '}body{',
    'url(javascript:alert(1))',
    'url(https://evil.example/track.gif)',
    'expression(alert(1))',
    'rgb(0,0,0);x:expression(alert(1))',
    'var(--secret)',
    'attr(data-x)',
    'rgb(1,2)',
    'rgb(1,2,3,4,5)',
    'rgb(1,2,url(x))',
    'rgb(1,,2,3)',
    'rgb(calc(1),2,3)',
    'color-mix(in srgb, red, blue)',
    'rebeccapurple',
    'red /* comment */',
    'r\\65 d',
    '\\72 ed',
    'red\u0000',
    'red\nbackground: blue',
    'ｒｅｄ',
    '<style>',
    'red !important',
    '',
    '   ',
  ])('drops %j', (value) => {
    expect(kept('--ef-color-text', value)).toBeUndefined();
  });
});

describe('filterStyles: lengths', () => {
  it.each(['0', '16px', '1rem', '1.25em', '50%', '0.5rem', 'calc(1rem + 2px)', 'calc(100% - 4px)', 'calc(0.5rem * 2)'])(
    'keeps %s as a length',
    (value) => {
      expect(kept('--ef-font-size', value)).toBe(value);
    },
  );

  it.each([
    '-4px',
    '16',
    '16 px',
    '1vh',
    '1e3px',
    '10px 12px',
    'calc(1rem+2px) ',
    'calc(1rem +)',
    'calc(env(safe-area-inset-top) + 1px)',
    'calc(var(--x) * 2)',
    'calc(1px /* x */)',
    'calc(1px) ; color: red',
    'max(16px, 1rem)',
    '12px;}*{display:none',
  ])('drops %j as a length', (value) => {
    expect(kept('--ef-font-size', value)).toBeUndefined();
  });

  it('takes up to four lengths for padding and radius', () => {
    expect(kept('--ef-input-padding', '10px')).toBe('10px');
    expect(kept('--ef-input-padding', '10px 12px')).toBe('10px 12px');
    expect(kept('--ef-input-padding', '1px 2px 3px 4px')).toBe('1px 2px 3px 4px');
    expect(kept('--ef-input-padding', '1px 2px 3px 4px 5px')).toBeUndefined();
    expect(kept('--ef-input-padding', '1px, 2px')).toBeUndefined();
    expect(kept('--ef-radius', '4px 4px 0 0')).toBe('4px 4px 0 0');
    expect(kept('--ef-radius', '4px / 8px')).toBeUndefined();
    expect(kept('--ef-border-width', '1px 2px')).toBeUndefined();
  });
});

describe('filterStyles: font family and weight', () => {
  it.each(['Inter', 'system-ui, sans-serif', '"Helvetica Neue", Arial', "'Source Sans 3', sans-serif"])('keeps %s', (value) => {
    expect(kept('--ef-font-family', value)).toBe(value);
  });

  it.each([
    'Inter; background:url(https://evil)',
    'Inter}body{color:red',
    '"Inter',
    "Inter'",
    '"Inter\', Arial',
    'Inter,,Arial',
    'Inter, ',
    'url(https://evil.example/font.woff)',
    '\\49 nter',
    'Inter/*x*/',
    'Noto Sans JP, 游ゴシック',
    'A'.repeat(201),
  ])('drops %j as a font family', (value) => {
    expect(kept('--ef-font-family', value)).toBeUndefined();
  });

  it('keeps 200 characters of font family, no more', () => {
    expect(kept('--ef-font-family', 'A'.repeat(200))).toBe('A'.repeat(200));
  });

  it.each(['100', '450', '900', 'normal', 'bold'])('keeps weight %s', (value) => {
    expect(kept('--ef-font-weight', value)).toBe(value);
  });

  it.each(['0', '99', '950', '1000', 'bolder', 'lighter', '700;', '700 !important', 'var(--w)'])('drops weight %j', (value) => {
    expect(kept('--ef-font-weight', value)).toBeUndefined();
  });
});

describe('filterStyles: attack strings across every key', () => {
  const attacks = [
    'red; background:url(https://evil)',
    'url(javascript:alert(1))',
    'expression(alert(1))',
    '}body{background:red}',
    '\\75 rl(https://evil)',
    '\\000075rl(x)',
    'u\\rl(x)',
    '\u0075rl(https://evil)',
    'rgb(0,0,0)\u2028;x:y',
    'calc(1px) url(x)',
    '1px</style><script>alert(1)</script>',
    '@import "https://evil"',
    'image-set("x.png" 1x)',
  ];

  it('drops each attack on each key', () => {
    for (const key of STYLE_KEYS) {
      for (const attack of attacks) {
        expect(kept(key, attack), `${key}: ${attack}`).toBeUndefined();
      }
    }
  });

  it('keeps the safe keys when a sibling key is malicious', () => {
    expect(filterStyles({ '--ef-color-text': 'expression(alert(1))', '--ef-radius': '6px' })).toEqual({ '--ef-radius': '6px' });
  });
});
