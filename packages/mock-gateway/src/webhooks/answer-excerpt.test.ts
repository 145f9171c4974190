/** What an attempt keeps of the receiver's answer: the first bytes only, as printable text. */
import { describe, expect, it } from 'vitest';
import { ANSWER_EXCERPT_BYTES, answerExcerpt } from './answer-excerpt';

describe('answerExcerpt', () => {
  it('keeps the first bytes of a long answer and stops reading', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode('x'.repeat(100)));
      },
    });
    const excerpt = await answerExcerpt(new Response(body));
    expect(excerpt).toBe('x'.repeat(ANSWER_EXCERPT_BYTES));
    expect(pulled).toBeLessThan(10); // an endless answer is not read to its end
  });

  it('shows control characters as U+FFFD and keeps line breaks', async () => {
    expect(await answerExcerpt(new Response('bad\u0000sig\u001b[31m\nnext\u007f'))).toBe('bad\uFFFDsig\uFFFD[31m\nnext\uFFFD');
    expect(await answerExcerpt(new Response(null, { status: 204 }))).toBe('');
  });
});
