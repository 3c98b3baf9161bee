const SUMMARY_CHARS = 200;

/** The first sentences of the body, up to about 200 characters. */
export function summarise(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= SUMMARY_CHARS) return text;
  const cut = text.slice(0, SUMMARY_CHARS);
  const sentenceEnd = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('. '), cut.lastIndexOf('！'), cut.lastIndexOf('？'));
  return sentenceEnd > SUMMARY_CHARS / 2 ? cut.slice(0, sentenceEnd + 1) : `${cut}…`;
}
