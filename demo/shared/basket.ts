/** The demo basket: one product. The backend charges this amount; the page shows it. */
export interface BasketLine {
  sku: string;
  name: string;
  variant: string;
  quantity: number;
  /** Minor units. */
  unitAmount: number;
}

export const CURRENCY = 'EUR';

export const BASKET: readonly BasketLine[] = [
  { sku: 'NW-FLC-PINE-M', name: 'Highland Grid Fleece', variant: 'Pine green · Size M', quantity: 1, unitAmount: 4999 },
];

/** The basket total in minor units (shipping is free). */
export function basketTotal(lines: readonly BasketLine[] = BASKET): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
}
