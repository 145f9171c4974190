/**
 * Split fields on the merchant's side: one gateway frame per field, each in the container the
 * merchant gave it, sized to its field and titled after it, all opened at once and ready
 * when every one is. The page never carries a value between them: it gives every frame of
 * the card the same random group id, and the frames talk among themselves on the gateway's
 * origin (secure/card-group.ts); the number's frame encrypts and pays. To the merchant it is
 * still one component: this answers one MountedFrame whose calls reach every frame
 * (validate, locale, the holder data) or the number's (submit), and whose state is the whole
 * card's, made of each frame's own field.
 */
import type { ComponentState, FieldName, FieldState, HolderData, Locale } from './public-api';
import type { FrameConfig, HostMethods, SubmitRequest } from '../shared/protocol';
import type { FrameConnection } from './frame-connection';
import type { MountedFrame } from './framed-component';
import { advanceFrom, forgetFrameEntry, moveFocusFrom, registerFrameEntry } from './focus';
import { fieldFrameTitle } from './host-messages';

/** Opens one field's frame in `container` (openFrame with the card's source), with these host methods and title. */
export type OpenFieldFrame = (
  container: HTMLElement,
  config: FrameConfig,
  methods: HostMethods,
  title: string,
  signal: AbortSignal,
) => Promise<FrameConnection & { drawn: { height: number } }>;

/** A fresh group id: 24 random bytes, base64url (32 characters; protocol's SPLIT_GROUP_PATTERN). */
export function newGroupId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * Opens every field's frame; resolves once all are drawn, or rejects (and removes them all)
 * when one cannot open. `methods`: the component's host methods (change gets the whole card's
 * state; resize and focusExit are each frame's own here).
 */
export async function openSplitFields(
  containers: ReadonlyMap<FieldName, HTMLElement>,
  config: FrameConfig,
  methods: HostMethods,
  locale: Locale,
  open: OpenFieldFrame,
  signal: AbortSignal,
): Promise<MountedFrame<SubmitRequest>> {
  const fields = [...containers.keys()];
  const split = { group: newGroupId(), fields };
  const states = new Map<FieldName, FieldState>();
  let brand: string | null = null;
  let brands: string[] | undefined;
  const wholeCard = (): ComponentState => {
    const shown: Partial<Record<FieldName, FieldState>> = {};
    for (const field of fields) {
      const state = states.get(field);
      if (state) shown[field] = state;
    }
    return { valid: fields.every((field) => states.get(field)?.valid === true), brand, ...(brands ? { brands } : {}), fields: shown };
  };
  /** Takes a frame's state: only its own field counts (and the brand and a co-badged card's networks, from the number's). */
  const take = (field: FieldName, state: ComponentState): void => {
    const own = state.fields[field];
    if (own) states.set(field, own as FieldState);
    if (field === 'number') {
      brand = state.brand;
      brands = state.brands;
    }
  };

  // One failure removes every frame: the others' opens are cancelled with it.
  const all = new AbortController();
  const stop = () => all.abort(signal.reason);
  signal.addEventListener('abort', stop);
  const iframes = new Map<FieldName, HTMLIFrameElement>();
  const opening = fields.map(async (field) => {
    const frameMethods: HostMethods = {
      ...methods,
      change: (state) => {
        take(field, state);
        methods.change(wholeCard());
      },
      resize: (height) => {
        const iframe = iframes.get(field);
        if (iframe) iframe.style.height = `${Math.ceil(height)}px`;
      },
      focusExit: (direction) => {
        const iframe = iframes.get(field);
        if (iframe) moveFocusFrom(iframe, direction);
      },
      advance: () => {
        const iframe = iframes.get(field);
        if (iframe) advanceFrom(iframe);
      },
    };
    const frame = await open(containers.get(field)!, { ...config, split: { ...split, field } }, frameMethods, fieldFrameTitle(locale, field), all.signal);
    frame.iframe.style.height = `${Math.ceil(frame.drawn.height)}px`;
    iframes.set(field, frame.iframe);
    // A frame that cannot answer (going away) gets the focus on its element, as a plain Tab would.
    registerFrameEntry(frame.iframe, (which) => void frame.remote.focusField(which).catch(() => frame.iframe.focus()));
    return [field, frame] as const;
  });
  let frames: Map<FieldName, FrameConnection>;
  try {
    frames = new Map(
      await Promise.all(
        opening.map((frame) =>
          frame.catch((error: unknown) => {
            all.abort(error);
            throw error;
          }),
        ),
      ),
    );
  } catch (error) {
    signal.removeEventListener('abort', stop);
    all.abort(error);
    throw error;
  }
  const number = frames.get('number')!;
  const each = <T>(call: (frame: FrameConnection) => Promise<T>) => Promise.all([...frames.values()].map(call));
  return {
    iframe: number.iframe,
    remote: {
      setLocale: async (next) => void (await each((frame) => frame.remote.setLocale(next))),
      update: async (change) => void (await each((frame) => Promise.resolve(frame.remote.update(change)))),
      validate: async () => {
        const answers = await each((frame) => Promise.resolve(frame.remote.validate()));
        fields.forEach((field, index) => take(field, answers[index]!));
        return wholeCard();
      },
      getHolderData: async () => Object.assign({}, ...(await each((frame) => Promise.resolve(frame.remote.getHolderData())))) as HolderData,
      // Every field shows its errors; the number's frame collects the values and pays.
      submit: async (request) => {
        await each((frame) => (frame === number ? Promise.resolve() : Promise.resolve(frame.remote.validate()).then(() => undefined)));
        return number.remote.submit(request);
      },
    },
    retitle: (next) => {
      for (const [field, frame] of frames) frame.iframe.title = fieldFrameTitle(next, field);
    },
    destroy: () => {
      signal.removeEventListener('abort', stop);
      for (const frame of frames.values()) {
        forgetFrameEntry(frame.iframe);
        frame.destroy();
      }
    },
  };
}
