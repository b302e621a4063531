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

/** A request lost with the thread through no fault of its own is sent again this many times at most. */
const RETRIES = 2;

interface InFlight {
  token: number;
  /** The thread's life it was sent to (a new life starts after each loss). */
  life: number;
}

export class LabThread {
  private readonly thread: RequestThread<BuiltinRequest, BuiltinReply>;
  private readonly heapMb: number;
  private nextToken = 1;
  private closed = false;
  private life = 0;
  /** Requests sent and not answered, oldest first: the thread answers in order, so the oldest is the one running. */
  private readonly inFlight: InFlight[] = [];
  /** Per lost life, the request that was running when it ended: the one that killed it. */
  private readonly blamed = new Map<number, number>();

  constructor(nice: number | null, heapMb = HEAP_MB) {
    this.heapMb = heapMb;
    this.thread = new RequestThread(new URL('../lab/builtin-thread.ts', import.meta.url), { maxOldGenerationSizeMb: heapMb }, { nice });
  }

  /**
   * One request, isolated from the others: when the thread dies (over its heap) or is replaced (over
   * time), every request waiting on it is lost with it, but only the one that was running caused it.
   * That one fails; the others are sent again to the fresh thread.
   */
  private async ask(body: BuiltinRequest, attempt = 0): Promise<Extract<BuiltinReply, { ok: true }> | { lost: string }> {
    const me: InFlight = { token: this.nextToken++, life: this.life };
    this.inFlight.push(me);
    const a = await this.thread.request(body, TIMEOUT_MS);
    const guilty = !a.ok && this.blame(me);
    this.inFlight.splice(this.inFlight.indexOf(me), 1);
    if (!a.ok && !guilty && !this.closed && attempt < RETRIES) return this.ask(body, attempt + 1);
    if (!a.ok) return { lost: a.timedOut ? `it takes longer than ${TIMEOUT_MS / 1000} s` : `it needs more than the lab's ${this.heapMb} MiB (${a.lost})` };
    const r = a.reply;
    if (r.ok) return r;
    if (r.labError) throw new LabError(r.said ?? r.error, r.overWorkCap, true);
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

  /** Whether `me` was the request running when its thread's life ended (the first loss of a life decides). */
  private blame(me: InFlight): boolean {
    if (!this.blamed.has(me.life)) {
      const running = this.inFlight.find((f) => f.life === me.life)!;
      this.blamed.set(me.life, running.token);
      this.life++;
      if (this.blamed.size > 64) this.blamed.delete(this.blamed.keys().next().value!);
    }
    return this.blamed.get(me.life) === me.token;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.thread.close();
  }
}
