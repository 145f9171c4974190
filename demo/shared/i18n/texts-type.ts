/** The shape of a shop catalog: the keys of en-US, every text a string, counted phrases per plural category. */
import type { PluralForms } from '@payments/core';
import type { enUS } from './en-us';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export type ShopTexts = Texts<Omit<typeof enUS, 'plurals'>> & {
  readonly plurals: Readonly<Record<keyof (typeof enUS)['plurals'], PluralForms>>;
};

export type PageTextKey = keyof ShopTexts['page'];
