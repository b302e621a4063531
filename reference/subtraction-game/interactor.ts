// The judge's player for subtraction-game (AtCoder ABC278 G), run by the judge, not in the sandbox.
//
// It plays to win: whenever the position it moves in has a non-zero Grundy value it plays a move
// to a zero position (the SG table of game.ts). From a lost position it plays a legal move chosen
// by the test. The contract's input is only `N L R`, so the choice comes from a 32-bit FNV-1a hash
// of the test's input text: hash % 3 picks the strategy and the hash seeds the random one.
//   0 random  - a uniformly random segment, length and place (mulberry32 seeded by the hash);
//   1 longest - L cards (the fewest) from the left end of the first segment that has L: a long game;
//   2 centre  - a move that overlaps its own mirror image without being symmetric, so a program
//               that copies the judge's moves around the centre cannot answer it; otherwise random.
import type { InteractorIO, InteractorVerdict } from '../../server/problems/types';
import { english, said, type Said } from '../../server/text/messages';
import { grundyTable, Table, type Move, type Segment } from './game';

export type Strategy = 'random' | 'longest' | 'centre';
const STRATEGIES: readonly Strategy[] = ['random', 'longest', 'centre'];

export function hashInput(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function strategyOf(input: string): Strategy {
  return STRATEGIES[hashInput(input) % 3]!;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The judge's moves, given the table of Grundy values. */
export class JudgePlayer {
  private readonly byValue = new Map<number, number[]>();
  private readonly random: () => number;

  constructor(
    private readonly n: number,
    private readonly l: number,
    private readonly r: number,
    readonly g: Int32Array,
    readonly strategy: Strategy,
    seed: number,
  ) {
    for (let i = 0; i <= n; i++) {
      const list = this.byValue.get(g[i]!);
      if (list) list.push(i);
      else this.byValue.set(g[i]!, [i]);
    }
    this.random = mulberry32(seed);
  }

  xorOf(segments: Segment[]): number {
    let x = 0;
    for (const s of segments) x ^= this.g[s.length]!;
    return x;
  }

  /** A move to a position of Grundy value 0, or null when there is none. */
  winningMove(segments: Segment[]): Move | null {
    const total = this.xorOf(segments);
    if (total === 0) return null;
    for (const s of segments) {
      const m = s.length;
      if (m < this.l) continue;
      const t = total ^ this.g[m]!;
      // Leave a on the left and b on the right, a + b in [m - R, m - L], g[a] ^ g[b] = t.
      for (let a = 0; a <= m - this.l; a++) {
        const want = this.byValue.get(this.g[a]! ^ t);
        if (!want) continue;
        const lo = Math.max(0, m - this.r - a);
        const hi = m - this.l - a;
        const b = firstAtLeast(want, lo);
        if (b !== undefined && b <= hi) return { x: s.start + a, y: m - a - b };
      }
    }
    return null;
  }

  /**
   * A legal move from a lost position, by the test's strategy; null when there is no move. Looks
   * only at the cards it needs (a game can last 2,000 moves; listing the segments each time would
   * cost more than the program's own thinking).
   */
  anyMove(table: Table): Move | null {
    if (this.strategy === 'longest') {
      // The fewest cards, from the left end of the first segment that has them.
      for (let i = 1; i <= this.n; ) {
        const s = table.around(i);
        if (!s) i++;
        else if (s.length >= this.l) return { x: s.start, y: this.l };
        else i = s.start + s.length;
      }
      return null;
    }
    if (this.strategy === 'centre') {
      const move = this.offCentre(table);
      if (move) return move;
    }
    // A random card's segment (a few tries), else a random segment among those that can move.
    for (let tries = 0; tries < 16; tries++) {
      const s = table.around(1 + Math.floor(this.random() * this.n));
      if (s && s.length >= this.l) return this.randomIn(s);
    }
    const open = table.segments().filter((s) => s.length >= this.l);
    return open.length ? this.randomIn(open[Math.floor(this.random() * open.length)]!) : null;
  }

  private randomIn(s: Segment): Move {
    const y = this.l + Math.floor(this.random() * (Math.min(this.r, s.length) - this.l + 1));
    return { x: s.start + Math.floor(this.random() * (s.length - y + 1)), y };
  }

  /**
   * The move nearest the centre whose mirror image overlaps it but is not itself. Cards a..b overlap
   * their mirror image n+1-b..n+1-a exactly when 2a <= n + 1 <= 2b, so only moves across the centre
   * qualify: they lie in the segment holding the middle card(s), and there are few of them.
   */
  private offCentre(table: Table): Move | null {
    const twiceCentre = this.n + 1;
    const s = table.around(Math.floor(twiceCentre / 2));
    if (!s || s.length < this.l) return null;
    const end = s.start + s.length - 1;
    if (2 * end < twiceCentre) return null;
    let best: Move | null = null;
    let bestDistance = Infinity;
    for (let y = this.l; y <= Math.min(this.r, s.length) && !best; y++) {
      for (let x = Math.max(s.start, Math.floor(twiceCentre / 2) - y); x + y - 1 <= end && 2 * x <= twiceCentre; x++) {
        const b = x + y - 1;
        if (2 * b < twiceCentre || x + b === twiceCentre) continue;
        const distance = Math.abs(x + b - twiceCentre);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = { x, y };
        }
      }
    }
    return best;
  }
}

function firstAtLeast(sorted: number[], lo: number): number | undefined {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (sorted[mid]! < lo) a = mid + 1;
    else b = mid;
  }
  return sorted[a];
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

export async function interact(input: string, io: InteractorIO): Promise<InteractorVerdict> {
  const [n, l, r] = input.trim().split(/\s+/).map(Number) as [number, number, number];
  // The program may think about its first line while the judge builds its table.
  io.send(`${n} ${l} ${r}`);
  const g = grundyTable(n, l, r);
  const hash = hashInput(input);
  const judge = new JudgePlayer(n, l, r, g, STRATEGIES[hash % 3]!, hash);
  const table = new Table(n);
  const wa = (s: Said): InteractorVerdict => ({ verdict: 'WA', message: english(s), said: s });
  const firstWins = g[n] !== 0;
  const readLine = async (): Promise<string | null> => {
    for (;;) {
      const line = await io.read();
      if (line === null || line.trim() !== '') return line;
    }
  };

  const choice = await readLine();
  if (choice === null) return wa(said('subtraction.side-ended'));
  const side = choice.trim();
  if (side !== 'First' && side !== 'Second') return wa(said('subtraction.side-got', clip(side)));
  const wrongSide = (side === 'First') !== firstWins;
  const lost = (move: number) =>
    wa(wrongSide ? said(firstWins ? 'subtraction.lost-first-wins' : 'subtraction.lost-second-wins', move, side, n, l, r) : said('subtraction.lost', move));

  // The xor of the segments' Grundy values and how many segments can still be moved in, kept up
  // to date move by move.
  let total = g[n]!;
  let open = n >= l ? 1 : 0;
  const apply = (m: Move) => {
    const s = table.around(m.x)!;
    const left = m.x - s.start;
    const right = s.start + s.length - m.x - m.y;
    total ^= g[s.length]! ^ g[left]! ^ g[right]!;
    open += (left >= l ? 1 : 0) + (right >= l ? 1 : 0) - (s.length >= l ? 1 : 0);
    table.remove(m);
  };

  let programMoves = side === 'First';
  for (let move = 1; ; move++) {
    if (programMoves) {
      const canMove = open > 0;
      const line = await readLine();
      if (line === null) return wa(said(canMove ? 'subtraction.move-ended' : 'subtraction.move-or-pass-ended', move));
      const parts = line.trim().split(/\s+/);
      if (parts.length !== 2 || !parts.every((p) => /^-?\d+$/.test(p))) {
        io.send('-1 -1');
        return wa(said('subtraction.two-integers', move, clip(line.trim())));
      }
      const [x, y] = parts.map(Number) as [number, number];
      if (x === 0 && y === 0) {
        if (!canMove) return lost(move);
        io.send('-1 -1');
        const example = new JudgePlayer(n, l, r, g, 'longest', 0).anyMove(table)!;
        return wa(said('subtraction.passed-with-move', move, example.x, example.y));
      }
      // "-late": the program had no legal move left, so the judge had already won.
      let problem: Said | null = null;
      if (y < l || y > r) problem = said(canMove ? 'subtraction.took' : 'subtraction.took-late', move, y, l, r);
      else if (x < 1 || x + y - 1 > n) problem = said(canMove ? 'subtraction.outside' : 'subtraction.outside-late', move, x, x + y - 1, n);
      else if (table.missing(x, y)) problem = said(canMove ? 'subtraction.taken' : 'subtraction.taken-late', move, x, x + y - 1, table.missing(x, y));
      if (problem) {
        io.send('-1 -1');
        return wa(problem);
      }
      apply({ x, y });
    } else {
      const reply = open === 0 ? null : total !== 0 ? judge.winningMove(table.segments()) : judge.anyMove(table);
      if (!reply) {
        io.send('0 0');
        const won = said('subtraction.you-won', move - 1);
        return { verdict: 'AC', message: english(won), said: won };
      }
      apply(reply);
      io.send(`${reply.x} ${reply.y}`);
    }
    programMoves = !programMoves;
  }
}
