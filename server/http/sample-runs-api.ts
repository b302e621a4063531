/**
 * "Run the samples" without submitting: `POST /api/sample-runs {"problem","source","language"}` →
 * 201 `{"id"}`, then `GET /api/sample-runs/:id` until `status` is "done". The run is a job of the
 * judging queue (server/queue/kinds/sample-run.ts), never a submission.
 */
import express, { type Request, type Response } from 'express';
import { caseLayoutOf, failingCase } from '../problems/case-layout';
import { storedCaseLayout } from '../problem-store/case-layouts';
import { SAMPLE_OUTPUT_CHARS } from '../queue/sample-run-job';
import type { Db } from '../storage/db';
import { getSampleRun, insertSampleRun, type SampleOutcome } from '../storage/sample-runs';
import { parseJsonBody, rawBody } from './body';
import { ownerFor } from './auth/viewer';
import { guardedRouter, loadedId } from './policy';
import { badRequest, HttpError, notFound } from './errors';
import { bodyLanguage } from './language-field';
import { checkPersonCap, trimPersonWork } from './person-cap';
import { clientKey } from './client-key';
import { checkSubmission, describeSchemaError, submissionSchema } from './submission-input';
import { said } from '../text/messages';


/** A wrong sample's case of the first difference (server/problems/case-layout.ts), unless its output was cut. */
function caseOf(db: Db, problem: string, s: SampleOutcome) {
  const layout = caseLayoutOf(problem, (slug) => storedCaseLayout(db, slug));
  return layout && s.verdict === 'WA' && s.output.length < SAMPLE_OUTPUT_CHARS ? failingCase(layout, s.input, s.expected, s.output) : null;
}

export function sampleRunsApi(db: Db, onQueued: () => void): express.Router {
  const api = guardedRouter(db);

  api.post('/sample-runs', rawBody, (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    const parsed = submissionSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeSchemaError(parsed.error, body));
    const { problem, source } = parsed.data;
    const language = bodyLanguage(body);
    checkSubmission(db, res, problem, source);
    // At most PERSON_CAPS['sample-run'] of a person's own waiting; never a class-wide cap one person could fill.
    checkPersonCap(db, 'sample-run', req, res);
    const id = insertSampleRun(db, problem, source, language, ownerFor(res), clientKey(req));
    trimPersonWork(db, 'sample-run', req, res);
    onQueued();
    res.status(201).location(`/api/sample-runs/${id}`).json({ id });
  });

  api.get('/sample-runs/:sampleRun', (_req, res) => {
    const id = loadedId(res, 'sampleRun');
    const run = getSampleRun(db, id);
    if (!run) throw notFound(said('error.no-sample-run', id));
    res.json({
      id: run.id,
      problem: run.problem,
      language: run.language,
      status: run.status,
      verdict: run.verdict,
      compileOutput: run.compileOutput,
      samples: run.samples.map((s) => ({ ...s, said: s.said ?? null, case: caseOf(db, run.problem, s) })),
    });
  });

  return api;
}
