/**
 * Noisy copies of a training message, as people really type on a phone: a letter dropped,
 * doubled or swapped with its neighbour, punctuation and apostrophes left out. Training data only;
 * case and accents need no copies (the features read folded text).
 */
export function noisyCopy(text: string, random: () => number): string {
  const tokens = text.split(/(\s+)/);
  const edits = 1 + Math.floor(random() * 2);
  for (let e = 0; e < edits; e++) {
    const candidates = tokens
      .map((t, i) => (t.length >= 4 && /\p{L}/u.test(t) ? i : -1))
      .filter((i) => i >= 0);
    if (candidates.length === 0) break;
    const at = candidates[Math.floor(random() * candidates.length)]!;
    const word = tokens[at]!;
    const i = 1 + Math.floor(random() * (word.length - 2));
    const kind = random();
    tokens[at] =
      kind < 0.4
        ? word.slice(0, i) + word.slice(i + 1)
        : kind < 0.7
          ? word.slice(0, i) + word[i] + word.slice(i)
          : word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  }
  let out = tokens.join('');
  if (random() < 0.5) out = out.replace(/[.,!?;:…]/g, '');
  if (random() < 0.3) out = out.replace(/['’]/g, ' ');
  return out;
}
