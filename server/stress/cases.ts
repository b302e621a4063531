import * as fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { seedFor } from '../problems/seed';

/**
 * Case `index` of a stress run, generated on its own random stream so any case can be rebuilt from
 * (seed, index) alone: the same seed reproduces the same cases, batch sizes notwithstanding.
 * The bias schedule is fast-check's own (early cases lean harder towards small and edge values).
 */
export function generateCase<T>(arb: fc.Arbitrary<T>, seed: number, index: number): fc.Value<T> {
  const rng = new fc.Random(xoroshiro128plus(seedFor('stress', seed, index)));
  return arb.generate(rng, 2 + Math.floor(Math.log10(index + 1)));
}

/** A fresh random seed for a run whose user gave none (shown so the run can be repeated). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}
