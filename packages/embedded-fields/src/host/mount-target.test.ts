// @vitest-environment jsdom
/**
 * What mount() takes (mount-target.ts): one element or selector as always, or one container
 * per field for the card (split fields), every mistake named by its field.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mountPlace, samePlace } from './mount-target';

const card = (customerConfig = {}) => ({ split: true, customerConfig });

beforeEach(() => {
  const div = (id: string, ...children: HTMLElement[]) => {
    const element = document.createElement('div');
    element.id = id;
    element.append(...children);
    return element;
  };
  document.body.replaceChildren(div('n'), div('e'), div('c'), div('h', div('inner')));
});

describe('mount targets', () => {
  it('takes one selector or element as before, and one container per shown field, in field order', () => {
    const one = mountPlace('#n', card());
    expect(one).toEqual({ split: false, container: document.getElementById('n') });
    const split = mountPlace({ cvv: '#c', number: '#n', expiry: document.getElementById('e') }, card());
    expect(split.split && [...split.containers.keys()]).toEqual(['number', 'expiry', 'cvv']);
    expect(samePlace(split, mountPlace({ number: '#n', expiry: '#e', cvv: '#c' }, card()))).toBe(true);
    expect(samePlace(split, one)).toBe(false);
  });

  it('names the field: missing, not shown, not found, shared, unknown', () => {
    expect(() => mountPlace({ number: '#n', expiry: '#e' }, card())).toThrow('mount({ cvv }) is missing');
    expect(() => mountPlace({ number: '#n', expiry: '#e', cvv: '#c' }, card({ hasHolderName: true }))).toThrow('mount({ holderName }) is missing');
    expect(() => mountPlace({ number: '#n', expiry: '#e', cvv: '#c', email: '#h' }, card())).toThrow('mount({ email }) was given a container, but customerConfig does not show the email field (set customerConfig.hasHolderEmail)');
    expect(() => mountPlace({ number: '#n', expiry: '#nowhere', cvv: '#c' }, card())).toThrow('mount({ expiry }) found no element for #nowhere');
    expect(() => mountPlace({ number: '#h', expiry: '#inner', cvv: '#c' }, card())).toThrow('mount({ expiry }) and mount({ number }) are the same element or one holds the other');
    expect(() => mountPlace({ number: '#n', expiry: '#e', cvv: '#c', pan: '#h' }, card())).toThrow('mount({ pan }) is not a card field');
    expect(() => mountPlace({ number: null, expiry: '#e', cvv: '#c' }, card())).toThrow('mount({ number }) needs an element or a selector, got null');
  });

  it('the saved card and the alternative methods take one element only', () => {
    expect(() => mountPlace({ number: '#n', expiry: '#e', cvv: '#c' }, { split: false, customerConfig: undefined })).toThrow('is for the card component');
    expect(() => mountPlace(null, { split: false, customerConfig: undefined })).toThrow('mount() needs an element or a selector, got null');
  });
});
