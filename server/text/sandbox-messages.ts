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
} as const satisfies Record<string, { en: string; zh: string }>;

export type SandboxMessageId = keyof typeof SANDBOX_MESSAGES;

/** A limit message: its English sentence from the template and its id and arguments beside it. */
export function sandboxSaid(id: SandboxMessageId, ...args: (string | number)[]): { message: string; said: { id: SandboxMessageId; args: string[] } } {
  const strings = args.map(String);
  return { message: SANDBOX_MESSAGES[id].en.replace(/\{(\d)\}/g, (_, i: string) => strings[Number(i)] ?? ''), said: { id, args: strings } };
}
