/**
 * The `theme` option (public Theme) as the `--ef-*` variables it stands for: the theme is
 * only a friendlier way to write FieldStyles, so it goes through the same allow-list
 * (secure/style-allow-list.ts, applied by the frame): an unknown name or an unsafe value
 * is dropped, never sent. `styles` given beside `theme` win over it.
 */
export function themeStyles(theme: unknown): Record<string, unknown> {
  const styles: Record<string, unknown> = {};
  if (!isRecord(theme)) return styles;
  const { colors, rules, font } = theme;
  // colors.text → --ef-color-text, …; rules.focus.border → --ef-focus-color-border, …
  if (isRecord(colors)) for (const [name, value] of Object.entries(colors)) styles[`--ef-color-${name}`] = value;
  if (isRecord(rules)) {
    for (const [state, rule] of Object.entries(rules)) {
      if (isRecord(rule)) for (const [name, value] of Object.entries(rule)) styles[`--ef-${state}-color-${name}`] = value;
    }
  }
  if (isRecord(font)) for (const name of ['family', 'size', 'weight']) styles[`--ef-font-${name}`] = font[name];
  styles['--ef-radius'] = theme.radius;
  styles['--ef-spacing'] = theme.spacing;
  styles['--ef-input-padding'] = theme.inputPadding;
  styles['--ef-border-width'] = theme.borderWidth;
  return styles;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
