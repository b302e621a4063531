/**
 * The lab's worker thread: computes lab requests one at a time, off the HTTP thread. It owns a warm
 * compiler and one sandbox, created the first time student code must run.
 */
import { parentPort } from 'node:worker_threads';
import { createCompiler } from '../compile';
import { HTTP_PRIORITY_BOOST, setThreadNice, threadNice } from '../queue/thread-priority';
import { createSandbox } from '../sandbox';
import { LabError } from './errors';
import { runLab, type LabRequest, type LabResult } from './lab';
import type { SandboxTools } from './run-source';

export type ToLabThread = { type: 'job'; id: number; request: LabRequest } | { type: 'close' };
export type FromLabThread =
  | { type: 'ready' }
  | { type: 'phase'; id: number; phase: 'compiling' | 'computing' }
  | { type: 'done'; id: number; result: LabResult }
  | { type: 'failed'; id: number; error: string; internal: boolean }
  | { type: 'closed' };

// The thread starts with the HTTP thread's raised priority; lab work (and the sandbox processes it
// starts) goes back to the judge threads' level, so it never runs ahead of judging.
setThreadNice(threadNice() + HTTP_PRIORITY_BOOST);

const port = parentPort!;
const send = (m: FromLabThread) => port.postMessage(m);
let tools: SandboxTools | null = null;

async function getTools(id: number): Promise<SandboxTools> {
  send({ type: 'phase', id, phase: 'compiling' });
  tools ??= { compiler: createCompiler(), sandbox: await createSandbox() };
  return tools;
}

port.on('message', async (m: ToLabThread) => {
  if (m.type === 'close') {
    if (tools) await Promise.all([tools.compiler.close(), tools.sandbox.close()]);
    send({ type: 'closed' });
    return;
  }
  send({ type: 'phase', id: m.id, phase: 'computing' });
  try {
    const result = await runLab(m.request, {
      tools: async () => {
        const t = await getTools(m.id);
        send({ type: 'phase', id: m.id, phase: 'computing' });
        return t;
      },
    });
    send({ type: 'done', id: m.id, result });
  } catch (e) {
    if (e instanceof LabError) send({ type: 'failed', id: m.id, error: e.message, internal: false });
    else send({ type: 'failed', id: m.id, error: `lab error: ${e instanceof Error ? e.message : String(e)}`, internal: true });
  }
});
send({ type: 'ready' });
