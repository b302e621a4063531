/**
 * The HTTP side of the lab thread (lab/builtin-thread.ts): quick tables and a state's options of
 * built-in games, computed off the HTTP thread with a time and heap limit, so no lab request can
 * hold the pages up or take the process down.
 */
import { RequestThread } from '../platform/request-thread';
import type { BuiltinReply, BuiltinRequest } from '../lab/builtin-thread';
import { LabError } from '../lab/errors';
import type { GameSpec, LabRequest, LabResult } from '../lab/lab';
import { OPTIONS_COMPONENTS } from '../lab/lab';
import { badRequest } from './errors';

/** Heap of the lab thread: a quick table is at most QUICK_STATES states. */
const HEAP_MB = 512;
/** A request the thread has not answered by then is dropped, and the thread replaced. */
const TIMEOUT_MS = 10_000;

/** A quick table: the result, and its presentation (JSON text, the table as text) made in the thread. */
export interface QuickTable {
  result: LabResult;
  presented: string;
  text: string | null;
}

export class LabThread {
  private readonly thread: RequestThread<BuiltinRequest, BuiltinReply>;

  constructor(nice: number | null) {
    this.thread = new RequestThread(new URL('../lab/builtin-thread.ts', import.meta.url), { maxOldGenerationSizeMb: HEAP_MB }, { nice });
  }

  private async ask(body: BuiltinRequest): Promise<Extract<BuiltinReply, { ok: true }> | { lost: string }> {
    const a = await this.thread.request(body, TIMEOUT_MS);
    if (!a.ok) return { lost: a.timedOut ? `it takes longer than ${TIMEOUT_MS / 1000} s` : `it needs more than the lab's ${HEAP_MB} MiB (${a.lost})` };
    const r = a.reply;
    if (r.ok) return r;
    if (r.labError) throw new LabError(r.error, r.overWorkCap, true);
    throw new Error(`lab thread: ${r.error}`);
  }

  /** A built-in game's table when it is cheap (within `workCap` and `quickStates`); null when it must be a job. */
  async table(request: LabRequest, workCap: number, quickStates: number): Promise<QuickTable | null> {
    try {
      const r = await this.ask({ type: 'table', request, workCap, quickStates });
      return 'lost' in r ? null : r.table;
    } catch (e) {
      if (e instanceof LabError && e.overWorkCap) return null;
      throw e;
    }
  }

  /** The options of one state of a built-in game; 400 with the bound when they are too many or too slow. */
  async options(spec: Exclude<GameSpec, { kind: 'source' }>, state: number[]): Promise<number[][][]> {
    const r = await this.ask({ type: 'options', spec, state, maxComponents: OPTIONS_COMPONENTS });
    if ('lost' in r) throw badRequest(`The options of this state are beyond what the lab computes on request: ${r.lost}.`);
    return r.options!;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
