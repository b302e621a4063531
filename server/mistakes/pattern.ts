/**
 * The mistake in words: the lab's period analysis run on the program's own win/lose table and on
 * the true one, and where they differ (a prefix that agrees, answers on only some n, the rows or
 * columns of a two-parameter table), in English and Chinese.
 */
import { analyseGrid, type AxisPeriod } from '../lab/grid';
import { analyseSequence } from '../lab/period';
import type { Got } from './probe';

export interface MapShape {
  params: string[];
  from: number[];
  to: number[];
  step: number;
  states: number[][];
  truth: ('W' | 'L')[];
  got: Got[];
}

export interface Summary {
  en: string;
  zh: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');
/** "0, 4, 8, 12, 16, 20, …, 60": the first few and the last. */
const list = (ns: number[]) => (ns.length > 8 ? `${ns.slice(0, 6).join(', ')}, …, ${ns.at(-1)}` : ns.join(', '));
const state = (s: number[]) => (s.length === 1 ? String(s[0]) : `(${s.join(', ')})`);
const named = (params: string[], s: number[]) => (s.length === 1 ? `${params[0]} = ${s[0]}` : `(${params.join(', ')}) = ${state(s)}`);

/** "n ≡ 0, 2 (mod 7) from n = 10, and n = 1, 3 before" for the states a table marks (one parameter). */
function residues(marks: boolean[], first: number, step: number, name: string): { en: string; zh: string } {
  const at = (i: number) => first + i * step;
  const marked = marks.flatMap((m, i) => (m ? [at(i)] : []));
  if (marked.length === 0) return { en: 'none', zh: '没有' };
  if (marked.length === marks.length) return { en: `every ${name}`, zh: `所有 ${name}` };
  const a = analyseSequence(
    marks.map((m) => (m ? 1 : 0)),
    0,
    null,
    false,
  );
  if (!a) return { en: `${name} = ${list(marked)} (no period over ${marks.length} states)`, zh: `${name} = ${list(marked)}（${marks.length} 个状态中看不出周期）` };
  const mod = a.period * step;
  const start = a.preperiod;
  const rs = [...new Set(marked.filter((n) => n >= at(start)).map((n) => ((n % mod) + mod) % mod))].sort((x, y) => x - y);
  const before = marked.filter((n) => n < at(start));
  const head = rs.length ? `${name} ≡ ${rs.join(', ')} (mod ${mod}) from ${name} = ${at(start)}` : `none from ${name} = ${at(start)}`;
  const headZh = rs.length ? `从 ${name} = ${at(start)} 起 ${name} ≡ ${rs.join(', ')} (mod ${mod})` : `从 ${name} = ${at(start)} 起没有`;
  if (!before.length) return { en: head, zh: headZh };
  if (!rs.length) return { en: `${name} = ${list(before)}, and none from ${name} = ${at(start)}`, zh: `${name} = ${list(before)}，从 ${name} = ${at(start)} 起没有` };
  return { en: `${head}, and ${name} = ${list(before)} before`, zh: `${headZh}，此前还有 ${name} = ${list(before)}` };
}

/** Which states were answered at all, when it is a simple rule: even n, odd n, up to some n. */
function answeredRule(got: Got[], first: number, step: number, name: string): Summary | null {
  const answered = got.map((g) => g !== '?');
  if (answered.every(Boolean) || !answered.some(Boolean)) return null;
  const at = (i: number) => first + i * step;
  for (const parity of [0, 1]) {
    if (step === 1 && answered.every((a, i) => a === (at(i) % 2 === parity))) {
      return parity === 0
        ? { en: `Your program answers only on even ${name}.`, zh: `你的程序只在 ${name} 为偶数时给出回答。` }
        : { en: `Your program answers only on odd ${name}.`, zh: `你的程序只在 ${name} 为奇数时给出回答。` };
    }
  }
  const last = answered.lastIndexOf(true);
  if (answered.slice(0, last + 1).every(Boolean)) {
    return { en: `Your program answers only up to ${name} = ${at(last)}.`, zh: `你的程序只回答到 ${name} = ${at(last)}。` };
  }
  return null;
}

function noAnswer(got: Got[]): Summary | null {
  const k = got.filter((g) => g === '?').length;
  if (!k) return null;
  return {
    en: `It gives no answer (a crash, a time-out or output that is not an answer) on ${fmt(k)} of them.`,
    zh: `其中 ${fmt(k)} 个状态没有得到回答（程序崩溃、超时或输出不是答案）。`,
  };
}

function oneParameter(m: MapShape, first: number): Summary[] {
  const name = m.params[0]!;
  const at = (i: number) => m.from[0]! + i * m.step;
  const out: Summary[] = [];
  const rule = answeredRule(m.got, m.from[0]!, m.step, name);
  if (rule) out.push(rule);
  const mine = residues(
    m.got.map((g) => g === 'L'),
    m.from[0]!,
    m.step,
    name,
  );
  const theirs = residues(
    m.truth.map((t) => t === 'L'),
    m.from[0]!,
    m.step,
    name,
  );
  out.push({ en: `Your losing positions: ${mine.en}; the true ones: ${theirs.en}.`, zh: `你的必败态：${mine.zh}；真正的必败态：${theirs.zh}。` });
  // A long stretch that agrees and then differs: a table cut short, a number that overflows.
  if (first >= Math.max(8, Math.floor(m.states.length / 10))) {
    out.push({ en: `Your program agrees up to ${name} = ${at(first - 1)} and differs after.`, zh: `你的程序在 ${name} = ${at(first - 1)} 之前都正确，之后出现差异。` });
  }
  return out;
}

function axisWords(p: AxisPeriod | null, name: string): { en: string; zh: string } {
  return p ? { en: `period ${p.period} in ${name} from ${name} = ${p.from}`, zh: `沿 ${name} 周期 ${p.period}（从 ${name} = ${p.from} 起）` } : { en: `no period in ${name}`, zh: `沿 ${name} 无周期` };
}

function twoParameters(m: MapShape, wrong: boolean[]): Summary[] {
  const [xn, yn] = m.params as [string, string];
  const xs = [...new Set(m.states.map((s) => s[0]!))];
  const ys = [...new Set(m.states.map((s) => s[1]!))];
  const out: Summary[] = [];
  const bad = m.states.filter((_, i) => wrong[i]);
  const onDiagonal = m.states.filter((s) => s[0] === s[1]);
  if (onDiagonal.length && bad.length === onDiagonal.length && bad.every((s) => s[0] === s[1])) {
    out.push({ en: `It is wrong whenever ${xn} = ${yn}, and only there.`, zh: `只要 ${xn} = ${yn} 就错，其他地方都对。` });
  } else if (bad.length && bad.every((s) => s[0] === s[1])) {
    out.push({ en: `It is wrong only where ${xn} = ${yn} (on ${bad.length} of those ${onDiagonal.length} states).`, zh: `只在 ${xn} = ${yn} 处出错（其中 ${onDiagonal.length} 个状态里错了 ${bad.length} 个）。` });
  } else {
    const badRows = xs.filter((x) => bad.some((s) => s[0] === x));
    const badCols = ys.filter((y) => bad.some((s) => s[1] === y));
    const fullRows = badRows.filter((x) => m.states.every((s, i) => s[0] !== x || wrong[i]));
    const fullCols = badCols.filter((y) => m.states.every((s, i) => s[1] !== y || wrong[i]));
    if (fullRows.length === badRows.length && badRows.length < xs.length) {
      out.push({ en: `It is wrong on the whole of ${xn} = ${list(badRows)}, and right elsewhere.`, zh: `在 ${xn} = ${list(badRows)} 的整行上都错，其他地方都对。` });
    } else if (fullCols.length === badCols.length && badCols.length < ys.length) {
      out.push({ en: `It is wrong on the whole of ${yn} = ${list(badCols)}, and right elsewhere.`, zh: `在 ${yn} = ${list(badCols)} 的整列上都错，其他地方都对。` });
    } else {
      out.push({
        en: `The rows where it differs: ${xn} = ${list(badRows)}; the columns: ${yn} = ${list(badCols)}.`,
        zh: `出错的行：${xn} = ${list(badRows)}；出错的列：${yn} = ${list(badCols)}。`,
      });
    }
  }
  const grid = (letters: Got[]) => xs.map((x) => ys.map((y) => letters[m.states.findIndex((s) => s[0] === x && s[1] === y)] ?? '?'));
  const mine = analyseGrid(grid(m.got), [xs[0]!, ys[0]!]).zeros;
  const truth = analyseGrid(grid(m.truth), [xs[0]!, ys[0]!]).zeros;
  // Neither table periodic along either axis: the sentence would say nothing.
  if (!mine.first && !mine.second && !truth.first && !truth.second) return out;
  const words = (g: typeof mine) => [axisWords(g.first, xn), axisWords(g.second, yn)];
  const [a, b] = words(mine);
  const [c, d] = words(truth);
  out.push({
    en: `Your losing positions: ${a!.en}, ${b!.en}; the true ones: ${c!.en}, ${d!.en}.`,
    zh: `你的必败态：${a!.zh}，${b!.zh}；真正的必败态：${c!.zh}，${d!.zh}。`,
  });
  return out;
}

/** The whole summary: how many states differ and where, then the pattern of each table. */
export function describeMap(m: MapShape): Summary {
  const wrong = m.states.map((_, i) => m.got[i] !== m.truth[i]);
  const count = wrong.filter(Boolean).length;
  const total = m.states.length;
  const range = m.params.map((p, i) => `${m.from[i]} ≤ ${p} ≤ ${m.to[i]}`).join(', ');
  if (count === 0) {
    return {
      en: `Your program agrees with the true table on all ${fmt(total)} states (${range}).`,
      zh: `你的程序在全部 ${fmt(total)} 个状态（${range}）上都与真实的表一致。`,
    };
  }
  const first = wrong.indexOf(true);
  const parts: Summary[] = [
    {
      en: `Your program disagrees on ${fmt(count)} of ${fmt(total)} states (${range}); the first is ${named(m.params, m.states[first]!)}.`,
      zh: `你的程序在 ${fmt(total)} 个状态（${range}）中有 ${fmt(count)} 个与真实答案不同；第一个是 ${named(m.params, m.states[first]!)}。`,
    },
  ];
  const silent = noAnswer(m.got);
  if (silent) parts.push(silent);
  parts.push(...(m.states[0]!.length === 1 ? oneParameter(m, first) : twoParameters(m, wrong)));
  return { en: parts.map((p) => p.en).join(' '), zh: parts.map((p) => p.zh).join('') };
}
