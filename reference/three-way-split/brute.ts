// Exhaustive search over multisets of piles, a move taking from one pile or splitting it in three.
import { splitNimSolver } from '../split-nim-brute';

export const solve = splitNimSolver(3, ['First player wins.', 'Second player wins.']);
