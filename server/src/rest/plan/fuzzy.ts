/**
 * Fuzzy name suggestions in the manner of fuzzyset.js (which PostgREST's hints use): n-gram
 * cosine similarity to shortlist, then Levenshtein distance to score.
 */
function normalize(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '');
}

function grams(s: string, n: number): Map<string, number> {
  const padded = `-${normalize(s)}-`;
  const out = new Map<string, number>();
  if (padded.length < n) return out;
  for (let i = 0; i <= padded.length - n; i++) {
    const g = padded.slice(i, i + n);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [g, c] of a) {
    na += c * c;
    dot += c * (b.get(g) ?? 0);
  }
  for (const c of b.values()) nb += c * c;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** Candidates ranked by similarity to `query`, best first, each with a score in [0, 1]. */
export function fuzzyRank(candidates: Iterable<string>, query: string, minScore = 0.33): { value: string; score: number }[] {
  const list = [...new Set(candidates)];
  for (let n = 3; n >= 2; n--) {
    const q = grams(query, n);
    const shortlist = list
      .map((value) => ({ value, score: cosine(q, grams(value, n)) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 50);
    if (shortlist.length === 0) continue;
    // Like fuzzyset: grams ignore punctuation, the distance only ignores case.
    const nq = query.toLowerCase();
    return shortlist
      .map(({ value }) => {
        const nv = value.toLowerCase();
        return { value, score: 1 - levenshtein(nq, nv) / Math.max(nq.length, nv.length, 1) };
      })
      .filter((x) => x.score >= minScore)
      .sort((a, b) => b.score - a.score);
  }
  return [];
}

export function fuzzyOne(candidates: Iterable<string>, query: string, minScore = 0.33): string | undefined {
  return fuzzyRank(candidates, query, minScore)[0]?.value;
}
