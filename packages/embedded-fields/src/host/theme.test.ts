import { describe, expect, it } from 'vitest';
// The allow-list is the frame's; this test shows what a theme comes to once the frame applies it.
// eslint-disable-next-line no-restricted-imports
import { filterStyles } from '../secure/style-allow-list';
import { checkComponentConfig } from './options';
import { themeStyles } from './theme';

const dark = {
  colors: { text: '#e6e8ee', placeholder: '#9aa3b2', background: '#1b1f2a', border: '#4a5263', focus: '#7aa7ff', error: '#ff8a9a', label: '#c9ceda' },
  font: { family: 'Inter, system-ui, sans-serif', size: '15px', weight: '500' },
  radius: '10px',
  spacing: '12px',
  rules: { focus: { background: '#222838', border: '#7aa7ff' }, invalid: { text: '#ffd7dd', border: '#ff8a9a' }, complete: { border: '#5fd39a' } },
};

describe('theme', () => {
  it('is written as the --ef-* variables, through the allow-list', () => {
    expect(checkComponentConfig('card', { theme: dark }).styles).toEqual({
      '--ef-color-text': '#e6e8ee',
      '--ef-color-placeholder': '#9aa3b2',
      '--ef-color-background': '#1b1f2a',
      '--ef-color-border': '#4a5263',
      '--ef-color-focus': '#7aa7ff',
      '--ef-color-error': '#ff8a9a',
      '--ef-color-label': '#c9ceda',
      '--ef-font-family': 'Inter, system-ui, sans-serif',
      '--ef-font-size': '15px',
      '--ef-font-weight': '500',
      '--ef-radius': '10px',
      '--ef-spacing': '12px',
      '--ef-focus-color-background': '#222838',
      '--ef-focus-color-border': '#7aa7ff',
      '--ef-invalid-color-text': '#ffd7dd',
      '--ef-invalid-color-border': '#ff8a9a',
      '--ef-complete-color-border': '#5fd39a',
    });
  });

  it('styles beside the theme win over it', () => {
    expect(checkComponentConfig('card', { theme: { radius: '10px' }, styles: { '--ef-radius': '2px' } }).styles).toEqual({ '--ef-radius': '2px' });
  });

  it('drops what the allow-list does not describe: unknown names, urls, CSS injection, unknown states (the frame applies it)', () => {
    const styles = checkComponentConfig('card', {
      theme: {
        colors: { text: 'red;background:url(https://evil.example/x)', shadow: '#000', background: 'url(x)' },
        font: { family: 'x}body{background:red', size: 'expression(1)' },
        radius: '4px; --x: 1',
        rules: { hover: { border: '#000' }, focus: { border: 'var(--x)', outline: '#000' }, '__proto__': { text: '#000' } },
      },
    }).styles;
    expect(filterStyles(styles)).toEqual({});
  });

  it('ignores a theme that is not an object', () => {
    expect(themeStyles('dark')).toEqual({});
    expect(themeStyles(null)).toEqual({});
  });
});
