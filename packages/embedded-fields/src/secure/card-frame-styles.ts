/**
 * The card form's stylesheets in the card frame's document (card-form-stylesheets.ts), which
 * the frame's entry does not carry (issue 44's bytes: they were on a new card's path twice,
 * in its first view and in the entry, where they took 1.4 kB br).
 *
 * A document with the gateway's first view has them: its <style> holds exactly these rules
 * (the gateway writes the first view's markup and that <style> together, from the build it
 * serves), and it stays after the take-over. Any other document (a saved card's CVV, whose
 * configuration the gateway never sees; a new card it did not draw: another locale, a
 * configuration too long for the query, a session past its drawings, a 1.0 script) loads them
 * as a chunk of their own, asked for as the script starts. A saved card waits for its rules
 * and its brand's mark before ready anyway, and the chunk comes beside them; the other cases
 * are rare and pay a round trip. The gateway could instead write the stylesheet into every
 * document without a first view: no request, but 1.6 kB br more in every such document
 * (served no-store, one per mount), where the chunk (1.8 kB br) is cached for a year.
 */
import { retriedImport } from './retried-import';

const importStylesheets = retriedImport(() => import('./card-form-stylesheets'));

/**
 * Starts bringing the stylesheets into this document (nothing to do when `firstView`) and
 * answers the wait for them, for the drawing to await: the form is never shown unstyled. A
 * load that failed is tried once more then; a second failure fails the drawing.
 */
export function styleCardFrame(firstView: boolean): () => Promise<void> {
  if (firstView) return () => Promise.resolve();
  const adopt = () => importStylesheets().then((module) => module.adoptCardFormStylesheets(document));
  const started = adopt();
  started.catch(() => undefined);
  return () => started.catch(adopt);
}
