/**
 * The statement skeleton of a lab draft in English and Chinese: the game's moves named, the input
 * and output, the bounds. Nothing of the analysis (period, exceptions) is in it: that is what the
 * solver has to find. The teacher edits it before publishing.
 */
import type { GameSpec } from '../lab/lab';
import { octalDigits, parseSubtractionSet } from '../lab/presets';

type Spec = Exclude<GameSpec, { kind: 'source' }> | null;

export function titleOf(spec: Spec, settings: Record<string, number>): { en: string; zh: string } {
  switch (spec?.kind) {
    case 'octal':
      return { en: `Octal game 0.${octalDigits(spec.code).join('')}`, zh: `八进制游戏 0.${octalDigits(spec.code).join('')}` };
    case 'subtract': {
      const set = parseSubtractionSet(spec.set).join(', ');
      return { en: `Subtraction game {${set}}`, zh: `减法游戏 {${set}}` };
    }
    case 'bash':
      return { en: `Take 1 to ${settings.m ?? 3}`, zh: `每次取 1 到 ${settings.m ?? 3} 个` };
    case 'nim':
      return { en: 'One Nim heap', zh: '一堆 Nim' };
    default:
      return { en: 'A heap game', zh: '一个取石子游戏' };
  }
}

/** The moves, one bullet each, in both languages. */
function moves(spec: Spec, settings: Record<string, number>, source: string | null): { en: string; zh: string } {
  switch (spec?.kind) {
    case 'octal': {
      const en: string[] = [];
      const zh: string[] = [];
      octalDigits(spec.code).forEach((d, i) => {
        const j = i + 1;
        const leaves: [string, string][] = [];
        if (d & 1) leaves.push(['nothing (the heap had exactly $' + j + '$ tokens)', '什么也不剩（这堆恰好有 $' + j + '$ 个）']);
        if (d & 2) leaves.push(['one smaller heap', '一堆更小的']);
        if (d & 4) leaves.push(['two non-empty heaps', '两堆非空的']);
        if (!leaves.length) return;
        en.push(`- take $${j}$ token${j > 1 ? 's' : ''} from one heap, leaving ${leaves.map((l) => l[0]).join(' or ')};`);
        zh.push(`- 从一堆中取走 $${j}$ 个，剩下${leaves.map((l) => l[1]).join('或')}；`);
      });
      return { en: en.join('\n'), zh: zh.join('\n') };
    }
    case 'subtract': {
      const set = parseSubtractionSet(spec.set).map((s) => `$${s}$`).join(', ');
      return { en: `- take ${set} tokens from one heap (never more than it holds).`, zh: `- 从一堆中取走 ${set} 个（不能多于这堆的个数）。` };
    }
    case 'bash':
      return { en: `- take $1$ to $${settings.m ?? 3}$ tokens from one heap.`, zh: `- 从一堆中取走 $1$ 到 $${settings.m ?? 3}$ 个。` };
    case 'nim':
      return { en: '- take any positive number of tokens from one heap.', zh: '- 从一堆中取走任意正数个。' };
    default: {
      const code = '```ts\n' + (source ?? '').trim() + '\n```';
      return {
        en: `- move from a heap of $n$ to any of the positions \`options(n)\` lists (each a list of heaps left):\n\n${code}`,
        zh: `- 从 $n$ 个的一堆走到 \`options(n)\` 列出的任一局面（每个局面是剩下的若干堆）：\n\n${code}`,
      };
    }
  }
}

export function statementOf(spec: Spec, settings: Record<string, number>, source: string | null, min: number, maxN: number): Record<string, string> {
  const m = moves(spec, settings, source);
  const big = maxN >= 1_000_000 ? `10^{${Math.round(Math.log10(maxN))}}` : String(maxN);
  const en = `Two players take turns on heaps of tokens. A move is one of:

${m.en}

The player who cannot move loses. A position of several heaps is the sum of its heaps, so it is
decided by the Sprague–Grundy values $G(n)$ of single heaps.

For each heap size $n$, print $G(n)$.

## Input

The first line holds $T$ ($1 \\le T \\le 1000$). Each of the next $T$ lines holds one heap size
$n$ ($${min} \\le n \\le ${big}$).

## Output

For each heap, $G(n)$ on its own line.
`;
  const zh = `两名玩家轮流在若干堆石子上操作。一步操作是下列之一：

${m.zh}

无法操作的玩家输。多堆的局面是各堆的和，由单堆的 Sprague–Grundy 值 $G(n)$ 决定。

对每个堆的大小 $n$，输出 $G(n)$。

## 输入

第一行是 $T$（$1 \\le T \\le 1000$）。接下来 $T$ 行，每行一个堆的大小 $n$（$${min} \\le n \\le ${big}$）。

## 输出

对每一堆，在单独一行输出 $G(n)$。
`;
  return { en, zh };
}
