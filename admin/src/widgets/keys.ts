/** Texts with React keys that stay with the text when the list changes: the text and which occurrence of it this is. */
export function keyedTexts(texts: string[]): Array<{ text: string; key: string }> {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const occurrence = seen.get(text) ?? 0;
    seen.set(text, occurrence + 1);
    return { text, key: `${occurrence}:${text}` };
  });
}
