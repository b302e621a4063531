/** The per-person cap of unfinished work (server/queue/person-caps.ts) as a 429 before a job is stored. */
import type { Request, Response } from 'express';
import { personCapRefusal, personOf, trimKeptWork } from '../queue/person-caps';
import type { JobKind } from '../queue/protocol';
import type { Db } from '../storage/db';
import { ownerFor } from './auth/viewer';
import { clientKey } from './client-key';
import { HttpError } from './errors';

export function checkPersonCap(db: Db, kind: JobKind, req: Request, res: Response): void {
  const refusal = personCapRefusal(db, kind, personOf(ownerFor(res), clientKey(req)));
  if (refusal) throw new HttpError(429, refusal);
}

/** After a job is stored: the person's oldest finished rows of its kind beyond what one person keeps go. */
export function trimPersonWork(db: Db, kind: JobKind, req: Request, res: Response): void {
  trimKeptWork(db, kind, personOf(ownerFor(res), clientKey(req)));
}
