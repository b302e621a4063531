/**
 * The sandbox's limit sentences by id (part of server/text/messages.ts's table). Apart because the
 * sandbox's threads inline what they import (server/sandbox/build.ts) and may import only Node
 * built-ins: this file imports nothing.
 */
export const SANDBOX_MESSAGES = {
  'sandbox.tle-cpu': { en: 'Time limit exceeded: the program ran for {0} ms of CPU time; the limit is {1} ms.', zh: '超出时间限制：程序用了 {0} 毫秒 CPU 时间，限制为 {1} 毫秒。' },
  'sandbox.tle-stopped': { en: 'Time limit exceeded: the program ran for more than {0} ms of CPU time and was stopped.', zh: '超出时间限制：程序用了超过 {0} 毫秒 CPU 时间，已被终止。' },
  'sandbox.mle-used': { en: 'Memory limit exceeded: the program used {0} MiB; the limit is {1} MiB.', zh: '超出内存限制：程序用了 {0} MiB，限制为 {1} MiB。' },
  'sandbox.mle-over': { en: 'Memory limit exceeded: the program used more than {0} MiB.', zh: '超出内存限制：程序用了超过 {0} MiB。' },
  'sandbox.mle-heap': { en: 'Memory limit exceeded: the program ran out of heap memory.', zh: '超出内存限制：程序的堆内存用完了。' },
  'sandbox.ole-bytes': { en: 'Output limit exceeded: the program wrote more than {0} bytes.', zh: '输出超限：程序输出了超过 {0} 字节。' },
  // Native programs (server/sandbox/native/): how a run that did not end cleanly ended.
  'sandbox.re-signal': { en: 'Runtime error: the program was killed by signal {0} ({1}).', zh: '运行错误：程序被信号 {0}（{1}）终止。' },
  'sandbox.re-exit': { en: 'Runtime error: the program exited with code {0}.', zh: '运行错误：程序以退出码 {0} 结束。' },
  'sandbox.ole-file': { en: 'Output limit exceeded: the program wrote a file of more than {0} bytes.', zh: '输出超限：程序写入的文件超过了 {0} 字节。' },
  'sandbox.mle-killed': { en: 'Memory limit exceeded: the program needed more than {0} MiB and was stopped.', zh: '超出内存限制：程序需要超过 {0} MiB 内存，已被终止。' },
  'sandbox.tle-after-end': { en: 'Time limit exceeded: the program kept running after its end and was stopped.', zh: '超出时间限制：程序在结束之后仍在运行，已被终止。' },
  // The wall clock's net: {1} and {2} are the notes below (or nothing), {4} one of the reasons.
  'sandbox.tle-wall': {
    en: 'Time limit exceeded: the program was stopped after {0} ms of wall time{1}{2}, having used {3} ms of CPU time ({4}).',
    zh: '超出时间限制：程序在 {0} 毫秒墙钟时间后被终止{1}{2}，只用了 {3} 毫秒 CPU 时间（{4}）。',
  },
  'sandbox.wall-queued': { en: ', {0} ms of it waiting for a core, which does not count', zh: '，其中 {0} 毫秒在等待 CPU 核心，不计入' },
  'sandbox.wall-interactor': { en: ", {0} ms of it waiting for the interactor's answers, which does not count", zh: '，其中 {0} 毫秒在等待交互器的回答，不计入' },
  'sandbox.why-waiting': { en: 'idle: it was waiting for input or a timer', zh: '空闲：它在等待输入或计时器' },
  'sandbox.why-loaded': { en: 'it kept computing, but the machine was loaded', zh: '它一直在计算，但机器负载过高' },
  'sandbox.why-blocked': { en: 'idle: it was blocked, not computing', zh: '空闲：它被阻塞了，没有在计算' },
  // An interactive run's idleness: {0} is the wall clock's sentence above.
  'sandbox.idle-read-end': {
    en: "Idleness limit exceeded: the program waited in fs.readFileSync(0) for the end of its input, which never comes while the interactor waits for the program's move ({0}). Read the input line by line (readline, or fs.readSync).",
    zh: '空闲超限：程序在 fs.readFileSync(0) 中等待输入结束，而交互器在等待程序的走法，输入永远不会结束（{0}）。请逐行读取输入（readline 或 fs.readSync）。',
  },
  'sandbox.idle-waiting-input': {
    en: "Idleness limit exceeded: the program was waiting for input while the interactor waited for the program's output ({0}).",
    zh: '空闲超限：程序在等待输入，而交互器在等待程序的输出（{0}）。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type SandboxMessageId = keyof typeof SANDBOX_MESSAGES;

/** A sandbox message as data; an argument may be a message itself (a note inside a sentence). */
export interface SandboxSaidData {
  id: SandboxMessageId;
  args: (string | SandboxSaidData)[];
}

export interface SandboxSaid {
  message: string;
  said: SandboxSaidData;
}

/** A limit message: its English sentence from the template and its id and arguments beside it. */
export function sandboxSaid(id: SandboxMessageId, ...args: (string | number | SandboxSaid)[]): SandboxSaid {
  const texts = args.map((a) => (typeof a === 'object' ? a.message : String(a)));
  return {
    message: SANDBOX_MESSAGES[id].en.replace(/\{(\d)\}/g, (_, i: string) => texts[Number(i)] ?? ''),
    said: { id, args: args.map((a) => (typeof a === 'object' ? a.said : String(a))) },
  };
}
