import { describe, expect, it } from 'vitest';
import { csvChunks, csvChunksOfStored, type LabTable } from '../../server/lab/big-table';

/**
 * Issue 39 item 10: a lab CSV download reads the stored table's text a chunk at a time instead of
 * parsing it whole on the HTTP thread; its lines must be exactly those of the parsed table.
 */
const tables: LabTable[] = [
  { paramNames: ['n'], from: [0], to: [9999], loopy: false, values: Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 37) },
  { paramNames: ['x', 'y'], from: [1, 1], to: [40, 30], loopy: false, values: Array.from({ length: 1200 }, (_, i) => i % 5) },
  { paramNames: ['a', 'b', 'c'], from: [0, 0, 0], to: [3, 3, 3], loopy: true, values: Array.from({ length: 64 }, (_, i) => 'WLD'[i % 3]!) },
  { paramNames: ['n'], from: [0], to: [0], loopy: false, values: [0] },
];

describe('a stored lab table as CSV', () => {
  for (const t of tables) {
    it(`gives the parsed table's lines (${t.paramNames.join(', ')}, ${t.values.length} states)`, () => {
      const stored = JSON.stringify(t);
      expect([...csvChunksOfStored(stored, 100)].join('')).toBe([...csvChunks(t, 100)].join(''));
      // In chunks of the asked size: the download yields between them.
      const chunks = [...csvChunksOfStored(stored, 100)];
      expect(chunks.length).toBe(Math.ceil(t.values.length / 100));
    });
  }

  it('reads the values from the text, never parsing the whole of it', () => {
    const t = tables[0]!;
    const original = JSON.parse;
    const parsed: number[] = [];
    JSON.parse = ((text: string, ...rest: []) => {
      parsed.push(text.length);
      return original(text, ...rest);
    }) as typeof JSON.parse;
    try {
      [...csvChunksOfStored(JSON.stringify(t))];
    } finally {
      JSON.parse = original;
    }
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toBeLessThan(200);
  });
});
