/**
 * Sheets of new passwords between the form's POST and the page that shows them: the POST stores
 * the sheet under a random token and redirects to `GET /class/sheets/:token`, so reloading (or
 * printing again) shows the same sheet instead of adding the students or resetting the password a
 * second time. Kept in memory only, for the teacher who made it, for SHEET_TTL_MS; a restart or the
 * time running out ends it (the passwords are then the ones already handed out).
 */
import { randomBytes } from 'node:crypto';
import type { Created } from '../storage/roster';

export const SHEET_TTL_MS = 30 * 60_000;
/** Sheets kept at once (the oldest go first): a teacher makes a handful in a lesson. */
const MAX_SHEETS = 64;

export interface Sheet {
  /** The teacher's account id: nobody else sees it. */
  owner: number;
  /** What the sheet is: a roster of n students, or one student's new password. */
  about: { kind: 'roster' } | { kind: 'reset'; name: string };
  created: Created[];
  expiresAt: number;
}

export class RosterSheets {
  private readonly sheets = new Map<string, Sheet>();

  constructor(private readonly now: () => number = Date.now) {}

  keep(sheet: Omit<Sheet, 'expiresAt'>): string {
    this.forgetExpired();
    while (this.sheets.size >= MAX_SHEETS) this.sheets.delete(this.sheets.keys().next().value!);
    const token = randomBytes(18).toString('base64url');
    this.sheets.set(token, { ...sheet, expiresAt: this.now() + SHEET_TTL_MS });
    return token;
  }

  /** The sheet under a token, if it is still kept and belongs to this teacher. */
  find(token: string, owner: number): Sheet | undefined {
    this.forgetExpired();
    const sheet = this.sheets.get(token);
    return sheet && sheet.owner === owner ? sheet : undefined;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [token, sheet] of this.sheets) if (sheet.expiresAt <= now) this.sheets.delete(token);
  }
}
