import { describe, expect, it } from 'vitest';
import { ComponentEvents } from './component-events';

describe('ComponentEvents (on / off)', () => {
  it('delivers to every handler of the event, in the order added', () => {
    const events = new ComponentEvents();
    const seen: string[] = [];
    events.on('focus', (p: { field: string }) => seen.push(`a:${p.field}`));
    events.on('focus', (p: { field: string }) => seen.push(`b:${p.field}`));
    events.on('blur', () => seen.push('blur'));
    events.emit('focus', { field: 'number' });
    expect(seen).toEqual(['a:number', 'b:number']);
  });

  it('off(event, handler) stops that handler; off(event) stops all of the event', () => {
    const events = new ComponentEvents();
    const seen: string[] = [];
    const a = () => seen.push('a');
    const b = () => seen.push('b');
    events.on('submit', a);
    events.on('submit', b);
    events.off('submit', a);
    events.emit('submit', {});
    events.off('submit');
    events.emit('submit', {});
    expect(seen).toEqual(['b']);
  });

  it('a throwing handler does not stop the others', async () => {
    const events = new ComponentEvents();
    const seen: string[] = [];
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.once('uncaughtException', onError);
    events.on('ready', () => {
      throw new Error('merchant bug');
    });
    events.on('ready', () => seen.push('second'));
    events.emit('ready', { type: 'card' });
    expect(seen).toEqual(['second']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(thrown).toHaveLength(1);
  });

  it('names unknown events and missing handlers', () => {
    const events = new ComponentEvents();
    expect(() => events.on('click', () => undefined)).toThrow('PaymentComponent: event must be one of ready, change, focus, blur, error, submit, brand, got click');
    expect(() => events.on('change', 'nope')).toThrow(/needs a handler function/);
    expect(() => events.off('nope')).toThrow(/event must be one of/);
  });
});
