/**
 * Games to start from: octal codes (take-and-break), subtraction sets, Nim, Bash with m.
 */
import { said, SaidError } from '../text/messages';
import { defineGame, type GameDeclaration, type Option } from './game';

export class PresetError extends SaidError {}

/** The digits d1 d2 … of an octal code, without trailing zeros. */
export function octalDigits(code: string): number[] {
  const m = /^0?\.([0-7]{1,32})$/.exec(code.trim());
  if (!m) throw new PresetError(said('lab.octal-code', code));
  const digits = m[1]!.split('').map(Number);
  while (digits.length > 0 && digits[digits.length - 1] === 0) digits.pop();
  if (digits.length === 0) throw new PresetError(said('lab.octal-no-move', code));
  return digits;
}

/**
 * An octal code 0.d1 d2 d3 …: digit d_j says what removing j tokens from a heap may leave:
 * bit 1 nothing (the heap was exactly j), bit 2 one heap, bit 4 two non-empty heaps.
 * Kayles is 0.77, Dawson's Kayles 0.07.
 */
export function octalGame(code: string): GameDeclaration {
  const digits = octalDigits(code);
  return defineGame({
    about: `a heap of n tokens in the octal game 0.${digits.join('')}`,
    params: [{ name: 'n', min: 0 }],
    defaultTo: 200,
    bound: () => digits.length,
    options: ([n]) => {
      const out: Option[] = [];
      for (let j = 1; j <= digits.length && j <= n!; j++) {
        const d = digits[j - 1]!;
        const rest = n! - j;
        if (rest === 0 && d & 1) out.push([]);
        if (rest > 0 && d & 2) out.push([rest]);
        if (rest >= 2 && d & 4) for (let a = 1; 2 * a <= rest; a++) out.push([a, rest - a]);
      }
      return out;
    },
  });
}

/** Parses "2,3,7" or "{1, 3, 4}" into a sorted set of positive integers. */
export function parseSubtractionSet(text: string): number[] {
  const body = text.trim().replace(/^\{|\}$/g, '');
  const parts = body.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^[1-9]\d{0,5}$/.test(p))) {
    throw new PresetError(said('lab.subtraction-set', text));
  }
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** Take any amount in the set from one heap. */
export function subtractionGame(set: number[]): GameDeclaration {
  return defineGame({
    about: `a heap of n tokens; a move takes ${set.join(', ')} tokens`,
    params: [{ name: 'n', min: 0 }],
    defaultTo: 200,
    bound: () => set[set.length - 1]!,
    options: ([n]) => set.filter((s) => s <= n!).map((s) => [n! - s]),
  });
}

export const nimGame: GameDeclaration = defineGame({
  about: 'one Nim heap of n tokens; a move takes any positive amount',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 50,
  options: ([n]) => Array.from({ length: n! }, (_, i) => [i]),
});

export const bashGame: GameDeclaration = defineGame({
  about: 'one heap of n stones; a move takes 1..m',
  params: [{ name: 'n', min: 0 }],
  settings: [{ name: 'm', default: 3, min: 1, max: 1000, about: 'most stones one move takes' }],
  defaultTo: 100,
  bound: (s) => s.m!,
  options: ([n], s) => {
    const out: Option[] = [];
    for (let t = 1; t <= s.m! && t <= n!; t++) out.push([n! - t]);
    return out;
  },
});
