/**
 * Who is asking, as the routes need it: in local mode one implicit person who sees everything; in
 * accounts mode a student sees only their own work and a teacher sees everyone's.
 */
import type { Request, Response } from 'express';
import type { Role } from '../../storage/accounts';
import { notFound } from '../errors';

export type Viewer = { kind: 'local' } | { kind: 'account'; id: number; name: string; displayName: string; role: Role; via: 'session' | 'bearer' };

const LOCAL: Viewer = { kind: 'local' };

export function viewerOf(res: Response): Viewer {
  return (res.locals.viewer as Viewer | undefined) ?? LOCAL;
}

export function viewerOfRequest(req: Request): Viewer {
  return req.res ? viewerOf(req.res) : LOCAL;
}

/** The owner stamped on work this viewer creates (null in local mode). */
export function ownerFor(res: Response): number | null {
  const v = viewerOf(res);
  return v.kind === 'account' ? v.id : null;
}

/** The owner a listing is restricted to: a student's own id; undefined for a teacher or local mode (everything). */
export function scopeOf(res: Response): number | undefined {
  const v = viewerOf(res);
  return v.kind === 'account' && v.role === 'student' ? v.id : undefined;
}

/** Teachers, and the one person of local mode, see and manage everything. */
export function isTeacher(res: Response): boolean {
  const v = viewerOf(res);
  return v.kind === 'local' || v.role === 'teacher';
}

/** Accounts mode with a teacher: pages add the author's name to what they show. */
export function showsAuthors(res: Response): boolean {
  const v = viewerOf(res);
  return v.kind === 'account' && v.role === 'teacher';
}

export function canSee(res: Response, owner: number | null | undefined): boolean {
  const scope = scopeOf(res);
  return scope === undefined || owner === scope;
}

/**
 * A row the viewer may see, or the same 404 as a missing one: whether someone else's work exists
 * is not revealed.
 */
export function visibleOr404<T extends { owner: number | null }>(res: Response, row: T | undefined | null, missing: string): T {
  if (!row || !canSee(res, row.owner)) throw notFound(missing);
  return row;
}
