/**
 * The gateway's preload frame: opened, unseen, as soon as embedded-fields.js runs, closed once
 * the first secure frame is ready (that frame keeps what it warmed). By the time the merchant
 * mounts:
 *  - the gateway site's renderer process is running;
 *  - the card frame's script is in the cache the frames read from: browsers key their HTTP
 *    cache by the top site and the frame's site, so only a gateway-origin frame on this page
 *    can fill it (a preload from the merchant page would land in another partition);
 *  - that process has drawn a card form once (/frames/preload runs the card frame's script,
 *    which rehearses: secure/rehearsal.ts), so the form's code is compiled and its fonts found.
 *
 * `pnpm bench:ab`, paired medians (2026-11-26): the frame with its script cached made mount →
 * ready 8 ms sooner on loopback; on Lighthouse's mobile network (150 ms round trip, 1.6
 * Mbit/s) 46 ms sooner when the mount comes as the script loads, 399 ms sooner when it comes a
 * second later. The rehearsal: mount → ready 5 to 13 ms sooner on loopback
 * (three trials of 16 runs), 8 ms sooner on the mobile network a second after the script.
 */
/**
 * Marks the preload frame, so that a second copy of the script on the page opens none and any
 * copy closes it; its value becomes `loaded` once its document has loaded (its script has
 * run, so the card frame's entry is in the cache).
 */
const MARKER = 'data-ef-preload';
/** A frame was asked for (or ready before the page's body existed): nothing left to preload. */
let done = false;

/**
 * `gateway`: the origin embedded-fields.js came from (nothing when it is not known). Opened in
 * the next task: a page that mounts the card in the script's `load` event (the same task)
 * gets no preload frame, whose downloads would only compete with the card frame's, which
 * then comes with its script inline (takeOverPreload).
 */
export function openPreloadFrame(gateway: string | undefined): void {
  if (!gateway) return;
  setTimeout(() => {
    if (!done) openNow(gateway);
  });
}

function openNow(gateway: string): void {
  if (document.querySelector(`iframe[${MARKER}]`)) return;
  const frame = document.createElement('iframe');
  frame.src = `${gateway}/frames/preload`;
  // Laid out (the rehearsal needs a layout, which a display: none frame never gets) but never
  // seen, in no one's way, out of the tab order and the accessibility tree. Set through the
  // CSSOM: a merchant's CSP without 'unsafe-inline' styles allows it.
  Object.assign(frame.style, { position: 'absolute', top: '0', left: '0', width: '1px', height: '1px', border: '0', opacity: '0', pointerEvents: 'none' });
  frame.inert = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute(MARKER, '');
  frame.addEventListener('load', () => frame.setAttribute(MARKER, 'loaded'), { once: true });
  const place = () => {
    if (!done && !document.querySelector(`iframe[${MARKER}]`)) document.body.append(frame);
  };
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place, { once: true });
}

/**
 * A card frame is about to open: is the card frame's entry script in the cache (the preload
 * frame has loaded)? If not, the frame asks for its document with the script inline, one
 * round trip instead of two, and the preload frame is not opened or is cancelled: its
 * document and script would only share the network and the renderer with the card frame's.
 */
export function takeOverPreload(): { entryCached: boolean } {
  done = true;
  const frames = [...document.querySelectorAll(`iframe[${MARKER}]`)];
  if (frames.some((frame) => frame.getAttribute(MARKER) === 'loaded')) return { entryCached: true };
  for (const frame of frames) frame.remove();
  return { entryCached: false };
}

/**
 * A frame is ready: the preload frame has done its work. It goes in the next task, after the
 * mount has resolved: removing a frame takes the page a millisecond or two.
 */
export function closePreloadFrame(): void {
  done = true;
  setTimeout(() => {
    for (const frame of document.querySelectorAll(`iframe[${MARKER}]`)) frame.remove();
  });
}
