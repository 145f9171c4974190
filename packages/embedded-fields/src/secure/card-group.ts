/**
 * Split fields: the frames of one card (one gateway-origin document per field) talk to each
 * other here, on a BroadcastChannel, never through the merchant page. The channel is named
 * by the session and by the random group id the host gave every frame of the card; a
 * BroadcastChannel reaches only documents of the same origin under the same top-level site
 * (storage partitioning), so only gateway frames on this merchant page can ever hear it.
 *
 * The merchant page knows the group id (it is in the frames' URLs), so a hostile script on it
 * can open gateway frames of its own on the same channel. Those run this same code, so they
 * never hand a value to their page; what they could do is stand in for a field: answer for
 * the expiry with a value of their own, or take the number's part and collect the others.
 * So every frame announces itself (`hello`, with a random member id made here, which the
 * page never sees), and every frame counts the members per field: a second member for a
 * field, or a member for a field the card does not have, marks the group `conflicted` for
 * good. A conflicted group answers nothing and pays nothing: the number's frame refuses to
 * pay, the others refuse to hand their values over. Which frame came first does not matter.
 *
 * Values leave a field's frame only when the number's frame (the one that encrypts and pays)
 * collects them for a payment (`collect`, answered by `value`), and only to the member bound
 * as the number. The number's frame tells the others the brand (the CVV's length follows it).
 */
import type { FieldName } from '../shared/payment-types';
import { CARD_FIELD_NAMES, type SplitFrameConfig } from '../shared/protocol';

/** How long a collect waits for every field's answer (they are on this device: milliseconds). */
export const COLLECT_TIMEOUT_MS = 3_000;

type GroupMessage =
  | { kind: 'hello'; from: string; field: FieldName }
  | { kind: 'collect'; from: string; request: string }
  | { kind: 'value'; from: string; field: FieldName; request: string; value: string }
  | { kind: 'brand'; from: string; brand: string | null };

export interface CardGroupHandlers {
  /** (Not the number's frame) the number's brand changed. */
  brand?(brand: string | null): void;
  /** (Not the number's frame) what to hand over when the number's frame collects. */
  value?(): string;
  /** The group has a member too many: nothing will be paid or handed over. */
  conflict?(): void;
}

export class CardGroup {
  readonly #self = randomId();
  readonly #channel: BroadcastChannel;
  readonly #members = new Map<FieldName, string>();
  readonly #pending = new Map<string, { answer(field: FieldName, value: string): void; fail(error: Error): void }>();
  #conflicted = false;
  #brand: string | null = null;

  constructor(
    sessionId: string,
    private readonly split: SplitFrameConfig,
    private readonly handlers: CardGroupHandlers = {},
  ) {
    this.#members.set(split.field, this.#self);
    this.#channel = new BroadcastChannel(`ef-card-group:${sessionId}:${split.group}`);
    this.#channel.onmessage = (event: MessageEvent) => this.#receive(event.data);
    this.#post({ kind: 'hello', from: this.#self, field: split.field });
  }

  get field(): FieldName {
    return this.split.field;
  }

  /** This frame is the number's: it encrypts and pays. */
  get paying(): boolean {
    return this.split.field === 'number';
  }

  /** A member too many joined (a replayed group id): the group pays and hands over nothing. */
  get conflicted(): boolean {
    return this.#conflicted;
  }

  /** (The number's frame) tells the other frames the brand, now and to those that join later. */
  shareBrand(brand: string | null): void {
    if (!this.paying || brand === this.#brand) return;
    this.#brand = brand;
    this.#post({ kind: 'brand', from: this.#self, brand });
  }

  /**
   * (The number's frame) every other field's value, from the member bound to it; rejects
   * when the group is conflicted, or a field does not answer in time.
   */
  collect(): Promise<Map<FieldName, string>> {
    if (!this.paying) return Promise.reject(new Error('only the number frame collects'));
    if (this.#conflicted) return Promise.reject(new Error('the group is conflicted'));
    const request = randomId();
    const wanted = this.split.fields.filter((field) => field !== 'number');
    const values = new Map<FieldName, string>();
    return new Promise<Map<FieldName, string>>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.#pending.delete(request);
        if (error) reject(error);
        else resolve(values);
      };
      const timer = setTimeout(() => done(new Error('a field did not answer')), COLLECT_TIMEOUT_MS);
      this.#pending.set(request, {
        answer: (field, value) => {
          values.set(field, value);
          if (wanted.every((name) => values.has(name))) done();
        },
        fail: done,
      });
      if (wanted.length === 0) done();
      else this.#post({ kind: 'collect', from: this.#self, request });
    });
  }

  close(): void {
    this.#channel.close();
    for (const { fail } of this.#pending.values()) fail(new Error('the frame is closing'));
  }

  #post(message: GroupMessage): void {
    this.#channel.postMessage(message);
  }

  #receive(data: unknown): void {
    const message = groupMessage(data);
    if (!message || message.from === this.#self) return;
    if (message.kind === 'hello') return this.#welcome(message.from, message.field);
    if (this.#conflicted) return;
    const number = this.#members.get('number');
    switch (message.kind) {
      case 'brand':
        if (message.from === number) this.handlers.brand?.(message.brand);
        return;
      case 'collect':
        if (message.from !== number || !this.handlers.value) return;
        this.#post({ kind: 'value', from: this.#self, field: this.split.field, request: message.request, value: this.handlers.value() });
        return;
      case 'value':
        if (this.paying && this.#members.get(message.field) === message.from) this.#pending.get(message.request)?.answer(message.field, message.value);
    }
  }

  /** A member announced itself: bound to its field if the field is the card's and still free; else the group is conflicted. */
  #welcome(member: string, field: FieldName): void {
    const bound = this.#members.get(field);
    if (bound === member) return;
    if (bound !== undefined || !this.split.fields.includes(field)) {
      this.#conflict();
      return;
    }
    this.#members.set(field, member);
    // The newcomer learns of this frame (and of the brand so far): each pair greets twice at most.
    this.#post({ kind: 'hello', from: this.#self, field: this.split.field });
    if (this.paying && this.#brand !== null) this.#post({ kind: 'brand', from: this.#self, brand: this.#brand });
    // A collect under way that the newcomer missed (it did not know this frame yet): asked again.
    if (this.paying) for (const request of this.#pending.keys()) this.#post({ kind: 'collect', from: this.#self, request });
  }

  #conflict(): void {
    if (this.#conflicted) return;
    this.#conflicted = true;
    for (const { fail } of this.#pending.values()) fail(new Error('the group is conflicted'));
    this.handlers.conflict?.();
  }
}

/** A message of this channel's shape, else undefined (anything else on it is dropped). */
function groupMessage(data: unknown): GroupMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (typeof message.from !== 'string') return undefined;
  const isField = (value: unknown): value is FieldName => CARD_FIELD_NAMES.includes(value as FieldName);
  switch (message.kind) {
    case 'hello':
      return isField(message.field) ? (message as GroupMessage) : undefined;
    case 'collect':
      return typeof message.request === 'string' ? (message as GroupMessage) : undefined;
    case 'value':
      return isField(message.field) && typeof message.request === 'string' && typeof message.value === 'string' ? (message as GroupMessage) : undefined;
    case 'brand':
      return message.brand === null || typeof message.brand === 'string' ? (message as GroupMessage) : undefined;
    default:
      return undefined;
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
