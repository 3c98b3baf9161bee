/**
 * The lines of a byte stream, decoded as UTF-8, one at a time. Holds one chunk and
 * one partial line at most, whatever the stream's length.
 */
export async function* jsonlLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = rest + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      let start = 0;
      for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
        if (end > start) yield text.slice(start, end);
        start = end + 1;
      }
      rest = text.slice(start);
      if (done) break;
    }
    if (rest.length > 0) yield rest;
  } finally {
    reader.releaseLock();
    // A consumer that stops early must not leave the connection streaming.
    await body.cancel().catch(() => {});
  }
}
