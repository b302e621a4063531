/**
 * The web tier's lab thread: tables and options of built-in games (a problem's declaration, the
 * presets) computed off the HTTP thread, under the thread's heap limit. Student code never runs
 * here; it runs in the sandbox through a lab job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope } from '../platform/request-thread';
import { LabError } from './errors';
import type { Said } from '../text/messages';
import { builtinOptions, runLab, type GameSpec, type LabRequest, type LabResult } from './lab';
import { presentResult } from './present';
import { DEFAULT_LIMITS } from './search';
import { setThreadNice } from '../platform/thread-priority';

export type BuiltinRequest =
  | { type: 'table'; request: LabRequest; workCap: number; quickStates: number }
  | { type: 'options'; spec: Exclude<GameSpec, { kind: 'source' }>; state: number[]; maxComponents: number };

export type BuiltinReply =
  | { ok: true; table: { result: LabResult; presented: string; text: string | null } | null; options: number[][][] | null }
  | { ok: false; error: string; said?: Said | null; labError: boolean; overWorkCap: boolean };

const noTools = () => Promise.reject(new Error('the lab thread never runs student code'));

async function answer(req: BuiltinRequest): Promise<BuiltinReply> {
  try {
    if (req.type === 'table') {
      const result = await runLab(req.request, { tools: noTools, limits: { stateCap: DEFAULT_LIMITS.stateCap, workCap: req.workCap }, quickStates: req.quickStates });
      const shown = presentResult(result);
      return { ok: true, table: { result, presented: JSON.stringify(shown), text: shown.text as string | null }, options: null };
    }
    const options = await builtinOptions(req.spec, req.state);
    const components = options.reduce((n, o) => n + Math.max(1, o.length), 0);
    if (components > req.maxComponents) throw new LabError(`the state (${req.state.join(', ')}) has ${components} option components, more than the ${req.maxComponents} the lab shows`, false, true);
    return { ok: true, table: null, options };
  } catch (e) {
    if (e instanceof LabError) return { ok: false, error: e.message, said: e.said, labError: true, overWorkCap: e.overWorkCap };
    return { ok: false, error: e instanceof Error ? e.message : String(e), labError: false, overWorkCap: false };
  }
}

// Threads inherit the HTTP thread's boosted priority: tables run at the judge's.
const nice = (workerData as { nice?: number | null } | null)?.nice;
if (typeof nice === 'number') setThreadNice(nice);

const port = parentPort!;
port.on('message', ({ rid, body }: ThreadEnvelope<BuiltinRequest>) => {
  void answer(body).then((reply) => port.postMessage({ rid, body: reply } satisfies ThreadEnvelope<BuiltinReply>));
});
port.postMessage(THREAD_READY);
