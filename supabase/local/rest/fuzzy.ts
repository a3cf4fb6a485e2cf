/**
 * The fuzzy string set behind PostgREST's "Perhaps you meant ..." hints (the Haskell `fuzzyset`
 * package it uses follows fuzzyset.js): names are compared by the cosine similarity of their
 * character 3-grams (2-grams when no 3-gram matches), the best 50 are re-scored by Levenshtein
 * similarity, and a match needs a score of at least 0.33.
 */

const NON_WORD = /[^a-zA-Z0-9\u00C0-\u00FF\u0100-\u017F, ]+/g;
const GRAM_SIZES = [3, 2];
const MIN_SCORE = 0.33;

function grams(value: string, size: number): Map<string, number> {
  let simplified = `-${value.toLowerCase().replace(NON_WORD, '')}-`;
  if (simplified.length < size) simplified += '-'.repeat(size - simplified.length);
  const counts = new Map<string, number>();
  for (let i = 0; i <= simplified.length - size; i++) {
    const gram = simplified.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((s, c) => s + c * c, 0));

/** The entries matching `value`, best first, with their scores (1 is an exact match). */
export function fuzzyMatches(entries: Iterable<string>, value: string): Array<{ score: number; entry: string }> {
  const exact = new Map<string, string>();
  for (const entry of entries) if (!exact.has(entry.toLowerCase())) exact.set(entry.toLowerCase(), entry);
  const items = [...exact.keys()];
  const query = value.toLowerCase();
  for (const size of GRAM_SIZES) {
    const wanted = grams(value, size);
    let scored: Array<{ score: number; entry: string }> = [];
    for (const item of items) {
      const theirs = grams(item, size);
      let dot = 0;
      for (const [gram, count] of wanted) dot += count * (theirs.get(gram) ?? 0);
      if (dot > 0) scored.push({ score: dot / (norm(wanted) * norm(theirs)), entry: item });
    }
    if (scored.length === 0) continue;
    scored.sort((x, y) => y.score - x.score);
    scored = scored.slice(0, 50).map(({ entry }) => ({ score: similarity(entry, query), entry }));
    scored.sort((x, y) => y.score - x.score);
    const kept = scored
      .filter((s) => s.score >= MIN_SCORE)
      .map((s) => ({ score: s.score, entry: exact.get(s.entry)! }));
    if (kept.length) return kept;
  }
  return [];
}

/** The closest entry, as PostgREST's `Fuzzy.getOne`, or null. */
export function closestMatch(entries: Iterable<string>, value: string): string | null {
  return fuzzyMatches(entries, value)[0]?.entry ?? null;
}
