import { describeProblem } from './harness';

describeProblem('kiki');
