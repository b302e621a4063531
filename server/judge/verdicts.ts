/** The verdict table lives in server/rules/verdicts.ts (the sandbox's processes use it too). */
export { VERDICTS, VERDICT_TABLE, TRY_VERDICTS, isVerdict, statusVerdict, verdictName, verdictRow, verdictText, worstOf, type Verdict, type VerdictRow } from '../rules/verdicts';
