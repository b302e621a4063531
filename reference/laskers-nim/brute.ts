// Exhaustive search over multisets of piles, a move taking from one pile or splitting it in two.
import { splitNimSolver } from '../split-nim-brute';

export const solve = splitNimSolver(2, ['Alice', 'Bob']);
