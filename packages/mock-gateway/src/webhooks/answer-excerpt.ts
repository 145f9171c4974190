/**
 * The first bytes of a webhook receiver's answer, kept with each attempt so the dashboard
 * can show what the receiver said ("Invalid signature", a framework's error page). Read up to
 * a small limit, then the rest is dropped unread: a receiver streaming megabytes costs nothing.
 */

/** How much of an answer an attempt keeps. */
export const ANSWER_EXCERPT_BYTES = 256;

export async function answerExcerpt(response: Response, limit = ANSWER_EXCERPT_BYTES): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The answer broke off (timeout, reset): what arrived is what there is.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  // A cut in the middle of a UTF-8 sequence decodes as U+FFFD.
  return printable(new TextDecoder().decode(bytes));
}

/** Control characters (C0 but tab and line breaks, and DEL) are not text to show: each becomes U+FFFD. */
function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f ? '\uFFFD' : char;
  }
  return out;
}
