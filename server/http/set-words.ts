/**
 * How a set's time window is said, the same on /class, /sets/:id, /me, the problem list and the
 * problem page: "opens 2026-03-06 18:00", "open · closes in 2 days (2026-03-08 18:00)", "closed
 * 2026-03-08 18:00" (and "open" when it never closes). The phase itself is `setWindow`'s.
 */
import type { ProblemSet } from '../storage/problem-sets';
import { setWindow, type Phase } from '../rules/window';
import type { Lang } from './statements';
import { formatTimestamp } from './present';

function inHowLong(ms: number, lang: Lang): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const [n, unitEn, unitZh] = minutes < 90 ? [minutes, 'minute', '分钟'] : minutes < 36 * 60 ? [Math.round(minutes / 60), 'hour', '小时'] : [Math.round(minutes / 1440), 'day', '天'];
  return lang === 'zh' ? `${n} ${unitZh}后` : `in ${n} ${unitEn}${n === 1 ? '' : 's'}`;
}

const short = (ms: number | null): string => formatTimestamp(ms).slice(0, 16);

export interface PhaseWords {
  phase: Phase;
  /** The whole phrase. */
  text: string;
  /** For a problem's "homework, due …" mark: the closing time, when there is one. */
  due: string;
}

export function phaseWords(set: ProblemSet, now: number, lang: Lang): PhaseWords {
  const { phase } = setWindow(set, now);
  const due = short(set.closesAt);
  const zh = lang === 'zh';
  let text: string;
  if (phase === 'before') text = zh ? `${short(set.opensAt)} 开放` : `opens ${short(set.opensAt)}`;
  else if (phase === 'over') text = zh ? `已截止（${due}）` : `closed ${due}`;
  else if (set.closesAt === null) text = zh ? '进行中' : 'open';
  else text = zh ? `进行中 · ${inHowLong(set.closesAt - now, lang)}截止（${due}）` : `open · closes ${inHowLong(set.closesAt - now, lang)} (${due})`;
  return { phase, text, due };
}
