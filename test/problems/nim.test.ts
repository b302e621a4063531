import { describeProblem } from './harness';

describeProblem('nim');
