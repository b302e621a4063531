// stress: only size max reveals this mistake (stems above 65,535 exist only in files of 2·10^5 words, which take minutes each to shrink); stored tests built for it kill it (the solution table counts them).
// The right retrograde analysis, but the learner keeps each word's two stems in Uint16Arrays
// ("a stem is an index"): a stem numbered above 65,535 (there are 52^3 = 140,608 of them) keeps its
// low 16 bits only and is merged with another stem, so words are joined that do not follow each other.
import * as fs from 'fs';
const LETTERS = 52;
const STEMS = LETTERS * LETTERS * LETTERS;

/** a..z are 0..25, A..Z are 26..51: stems are case-sensitive. */
function letter(code: number): number {
  return code >= 97 ? code - 97 : code - 65 + 26;
}

function stem(word: string, from: number): number {
  return (letter(word.charCodeAt(from)) * LETTERS + letter(word.charCodeAt(from + 1))) * LETTERS + letter(word.charCodeAt(from + 2));
}

const UNKNOWN = 0;
const WIN = 1;
const LOSE = 2;

function solve(input: string): string {
  const tokens = input.split(/\s+/).filter(Boolean);
  const n = Number(tokens[0]);
  const from = new Uint16Array(n);
  const to = new Uint16Array(n);
  const outDegree = new Int32Array(STEMS);
  const inDegree = new Int32Array(STEMS + 1);
  for (let i = 0; i < n; i++) {
    const w = tokens[1 + i]!;
    from[i] = stem(w, 0);
    to[i] = stem(w, w.length - 3);
    outDegree[from[i]!]!++;
    inDegree[to[i]!]!++;
  }
  // Edges grouped by their target stem (compressed rows), to walk them backwards.
  const head = new Int32Array(STEMS + 1);
  for (let s = 0; s < STEMS; s++) head[s + 1] = head[s]! + inDegree[s]!;
  const fill = head.slice(0, STEMS);
  const sources = new Int32Array(n);
  for (let i = 0; i < n; i++) sources[fill[to[i]!]!++] = from[i]!;

  const state = new Uint8Array(STEMS);
  const queue = new Int32Array(STEMS);
  let qt = 0;
  for (let i = 0; i < n; i++) {
    const s = to[i]!;
    if (outDegree[s] === 0 && state[s] === UNKNOWN) {
      state[s] = LOSE;
      queue[qt++] = s;
    }
  }
  for (let qh = 0; qh < qt; qh++) {
    const v = queue[qh]!;
    for (let e = head[v]!; e < head[v + 1]!; e++) {
      const u = sources[e]!;
      if (state[u] !== UNKNOWN) continue;
      if (state[v] === LOSE) {
        state[u] = WIN;
        queue[qt++] = u;
      } else if (--outDegree[u] === 0) {
        state[u] = LOSE;
        queue[qt++] = u;
      }
    }
  }

  const out: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    // Takahashi has said word i; Aoki moves from its last three letters.
    const s = state[to[i]!];
    out[i] = s === LOSE ? 'Takahashi' : s === WIN ? 'Aoki' : 'Draw';
  }
  return out.join('\n') + '\n';
}

process.stdout.write(solve(fs.readFileSync(0, 'utf8')));
