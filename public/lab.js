// The SG lab page: sends the forms to /api/lab, follows jobs, and draws the table: rows of one
// period for one parameter, a heatmap (one canvas) for two, slices for three. No inline script:
// the server's data arrives in <script type="application/json" id="lab-data">.
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const json = (id, fallback) => {
    try {
      return JSON.parse($(id).textContent);
    } catch {
      return fallback;
    }
  };
  // The interface's words in the page's language (see server/http/ui-text.ts); English by default.
  const UI = json('ui-text', {});
  const T = (s) => UI[s] || s;
  // A sentence with its {0}, {1}... filled in, after translating the whole template.
  const F = (s, ...args) => T(s).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
  // On a Chinese page: the settings' words by menu value, the engine's messages by id and the
  // problems' reasons for having no game (server/http/lab-text.ts labWordsJson).
  const WORDS = json('lab-words', null);
  // The page's language, for the summary the lab API says in it (?summary=).
  const LANG = document.documentElement.lang === 'zh' ? 'zh' : 'en';

  /**
   * A sentence the lab wrote (an error, why a conjecture failed) in the page's language: by its
   * message id and arguments when the server gave them (server/text/messages.ts), never by parsing
   * the English; a sentence without an id stays as it is.
   */
  const sentence = (text, id, args) => {
    const template = WORDS && typeof id === 'string' && WORDS.messages[id];
    if (!template || !Array.isArray(args)) return text;
    // A problem's reason for having no game is said by its slug.
    const values = id === 'lab.no-game' ? [args[0], WORDS.noGame[args[0]] || args[1]] : args;
    return template.replace(/\{(\d)\}/g, (_, i) => String(values[Number(i)] ?? ''));
  };

  const statusEl = $('lab-status');
  const view = $('lab-view');
  let games = null;

  const say = (text, isError) => {
    if (!statusEl) return;
    statusEl.textContent = '';
    const span = document.createElement('span');
    if (isError) span.className = 'lab-error';
    span.textContent = text;
    statusEl.appendChild(span);
  };

  const el = (tag, attrs, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    return e;
  };

  const fmtState = (s) => `(${s.join(', ')})`;
  const fmtOption = (o) => `${o.components.length ? o.components.map(fmtState).join(' + ') : T('nothing left')} → ${o.value}`;
  const fmtOptions = (list) => F('; options: {0}', list.length ? list.map(fmtOption).join('; ') : T('none'));

  // ---- colours: P-positions (0, or L) dark; other values from a fixed light palette ----
  const PALETTE = ['#9ecae1', '#fdd49e', '#c7e9c0', '#fcbba1', '#dadaeb', '#fee391', '#a1d99b', '#fdae6b', '#bcbddc', '#9ebcda', '#f4a6c6', '#c6dbef', '#d9f0a3', '#fdd0a2', '#e5c494', '#b3de69'];
  const colourOf = (v) => {
    if (v === 0 || v === 'L') return '#1f2933';
    if (v === 'W') return '#a1d99b';
    if (v === 'D') return '#d9d9d9';
    return PALETTE[(v - 1) % PALETTE.length];
  };
  const inkOf = (v) => (v === 0 || v === 'L' ? '#ffffff' : '#111111');

  // ---- the forms ----
  const builtin = $('lab-builtin');
  const sourceForm = $('lab-source-form');
  const gameSelect = $('lab-game');

  const conjectureText = () => {
    const t = $('lab-conjecture') ? $('lab-conjecture').value : '';
    return t.replace(/\/\/.*$/gm, '').trim() === '' ? undefined : t;
  };

  async function loadGames() {
    if (games) return games;
    const r = await fetch('/api/lab/games');
    games = r.ok ? await r.json() : { games: [] };
    return games;
  }

  async function updateSettings() {
    if (!gameSelect) return;
    const v = gameSelect.value;
    document.querySelector('.lab-octal').hidden = v !== 'octal';
    document.querySelector('.lab-subtract').hidden = v !== 'subtract';
    const box = $('lab-settings');
    const { games: list } = await loadGames();
    let settings = [];
    if (v.startsWith('problem:')) settings = (list.find((g) => g.slug === v.slice(8)) || {}).settings || [];
    if (v === 'bash') settings = [{ name: 'm', default: 3, about: 'most stones one move takes' }];
    const about = (s) => (WORDS && WORDS.settings[v] && WORDS.settings[v][s.name]) || s.about;
    const old = {};
    for (const i of box.querySelectorAll('input[data-setting]')) old[i.dataset.setting] = i.value;
    box.textContent = '';
    for (const s of settings) {
      const input = el('input', { name: `p.${s.name}`, placeholder: String(s.default), size: '5', 'data-setting': s.name });
      input.value = old[s.name] || '';
      box.appendChild(el('label', { title: about(s) }, `${s.name} `, input));
    }
  }

  function builtinBody() {
    const v = gameSelect.value;
    const body = {};
    if (v.startsWith('problem:')) body.problem = v.slice(8);
    else if (v === 'octal') body.octal = $('lab-octal').value.trim() || '0.07';
    else if (v === 'subtract') body.subtract = $('lab-subtract').value.trim() || '1,3,4';
    else body.preset = v;
    const params = {};
    for (const i of document.querySelectorAll('#lab-settings input[data-setting]')) if (i.value.trim() !== '') params[i.dataset.setting] = Number(i.value);
    if (Object.keys(params).length) body.params = params;
    const to = $('lab-to').value.trim();
    if (to !== '') body.to = Number(to);
    return body;
  }

  // Whether the running table is a built-in one (no sandbox, its own time budget) or the user's game.
  let ownGame = false;
  // The job being followed; a new Compute or Cancel stops following the old one.
  let followed = null;

  async function run(body) {
    const conjecture = conjectureText();
    if (conjecture) body.conjecture = conjecture;
    // The game asked for, without the conjecture, for "Make a problem of this game" (public/lab-draft.js).
    window.sgLabBody = { ...body, conjecture: undefined };
    // The student's game, or a conjecture (checked in the sandbox even on a built-in table).
    ownGame = body.source !== undefined || body.conjecture !== undefined;
    followed = null;
    say(T('Computing…'));
    // The status and result sit below the forms: bring them into view, or nothing seems to happen.
    $('lab-result').scrollIntoView({ block: 'start' });
    view.textContent = '';
    const summary = $('lab-summary');
    if (summary) summary.remove();
    const text = document.querySelector('.lab-text-box');
    if (text) text.remove();
    let r;
    try {
      r = await fetch(`/api/lab?summary=${LANG}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    } catch (e) {
      say(F('The lab could not be reached: {0}', e.message), true);
      return;
    }
    const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) return say(sentence(answer.error, answer.id, answer.args) || `HTTP ${r.status}`, true);
    if (answer.status === 'done') return show(answer.result);
    follow(answer.id);
  }

  /** "Cancel" beside a running job's status: POST /api/lab/<id>/cancel, then the status says so. */
  function cancelButton(id) {
    const b = el('button', { type: 'button', class: 'lab-cancel', id: 'lab-cancel', text: T('Cancel the computation') });
    b.addEventListener('click', async () => {
      b.disabled = true;
      followed = null;
      try {
        await fetch(`/api/lab/${id}/cancel`, { method: 'POST' });
      } catch {
        // The status below still says it was cancelled: the page no longer waits for it.
      }
      say(T('Cancelled.'));
    });
    return b;
  }

  function follow(id) {
    const started = Date.now();
    followed = id;
    const tick = async () => {
      if (followed !== id) return;
      let job;
      try {
        job = await (await fetch(`/api/lab/${id}?summary=${LANG}`)).json();
      } catch {
        setTimeout(tick, 1000);
        return;
      }
      if (followed !== id) return;
      if (job.status === 'done') return show(job.result);
      if (job.status === 'failed') return say(job.error === 'Cancelled.' ? T('Cancelled.') : sentence(job.error, job.errorId, job.errorArgs), true);
      const secs = ((job.elapsedMs || Date.now() - started) / 1000).toFixed(1);
      if (job.status === 'queued') say(F('Waiting for the lab ({0} ahead)…', job.position));
      else if (job.progress !== null && job.progress !== undefined) {
        // A built-in table: its fraction done, as a bar.
        say(F('Computing… {0} s', secs));
        statusEl.appendChild(el('progress', { id: 'lab-progress', class: 'lab-progress', max: '1', value: String(job.progress), text: `${Math.round(job.progress * 100)}%` }));
      } else if (!ownGame) say(F('Computing… {0} s', secs));
      else say(F(job.phase === 'compiling' ? 'Compiling… {0} s (limit 10 s of CPU)' : 'Computing in the sandbox… {0} s (limit 10 s of CPU)', secs));
      statusEl.append(' ', cancelButton(id));
      setTimeout(tick, 300);
    };
    tick();
  }

  if (builtin && gameSelect) {
    gameSelect.addEventListener('change', updateSettings);
    updateSettings();
    builtin.addEventListener('submit', (e) => {
      e.preventDefault();
      const body = builtinBody();
      const q = new URLSearchParams(new FormData(builtin));
      for (const [k, v] of [...q.entries()]) if (v === '') q.delete(k);
      history.replaceState(null, '', `/lab?${q}`);
      run(body);
    });
  }
  // The own game's options() in the problem page's code editor (public/code-editor.js); without it,
  // the plain textarea.
  const sourceEditor = sourceForm && window.sgCodeEditor ? window.sgCodeEditor($('lab-source'), $('lab-source-editor'), { mode: 'ace/mode/typescript', label: T('options(state) in TypeScript') }) : null;
  if (sourceEditor) {
    sourceEditor.session.setValue($('lab-source').value);
    document.querySelector('.lab-editor-keys').hidden = false;
    sourceEditor.session.on('change', () => ($('lab-source').value = sourceEditor.getValue()));
  }
  // The conjecture box is the same Ace editor as the game's (its text still goes through the textarea).
  const conjectureEditor = window.sgCodeEditor ? window.sgCodeEditor($('lab-conjecture'), $('lab-conjecture-editor'), { mode: 'ace/mode/typescript', label: T('Conjecture') }) : null;
  if (conjectureEditor) {
    conjectureEditor.session.setValue($('lab-conjecture').value);
    conjectureEditor.session.on('change', () => ($('lab-conjecture').value = conjectureEditor.getValue()));
  }
  if (sourceForm) {
    sourceForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const body = { source: $('lab-source').value };
      const to = $('lab-source-to').value.trim();
      if (to !== '') body.to = Number(to);
      run(body);
    });
  }

  // ---- results ----

  // The analysis in sentences, said by the server in the page's language (the API's ?summary=,
  // server/http/lab-text.ts); the engine's English when a result comes without it.
  const summaryLines = (result) => (result.summaryIn && result.summaryIn.lang === LANG ? result.summaryIn.lines : result.summary);

  function show(result) {
    say(F('{0} states computed in {1} ms ({2} visited).', result.count ?? result.states.length, result.ms, result.visited));
    view.textContent = '';
    const ul = el('ul', { class: 'lab-summary', id: 'lab-summary' });
    for (const line of summaryLines(result)) ul.appendChild(el('li', { text: line }));
    view.appendChild(ul);
    if (result.conjecture) view.appendChild(conjectureBox(result.conjecture));
    if (result.game.problem) view.appendChild(el('p', {}, el('a', { href: `/problems/${result.game.problem}#stress-test`, class: 'lab-stress-link', text: T('Stress-test a solution of this problem') })));
    view.appendChild(toolbar(result));
    if (result.game.dims === 1 && !result.loopy) view.appendChild(plot(result));
    if (result.game.dims === 1) view.appendChild(periodTable(result));
    else if (result.game.dims === 2) view.appendChild(heatmap(result, null));
    else view.appendChild(slices(result));
    if (result.text) {
      const d = el('details', { class: 'lab-text-box' }, el('summary', { text: T('As text') }), el('pre', { class: 'lab-text', id: 'lab-text', text: result.text }));
      view.appendChild(d);
    }
  }

  function conjectureBox(c) {
    const box = el('div', { class: `lab-conjecture ${c.holds ? 'holds' : 'fails'}`, id: 'lab-conjecture-verdict' });
    if (c.holds) {
      box.appendChild(el('strong', { text: F('The conjecture holds on all {0} states.', c.checked) }));
      return box;
    }
    box.appendChild(el('strong', { text: F('The conjecture fails at {0}.', fmtState(c.state)) }));
    if (c.problem) box.appendChild(el('p', { text: c.problemSaid ? sentence(c.problem, c.problemSaid.id, c.problemSaid.args) : c.problem }));
    else box.appendChild(el('p', { text: F('The table says {0}; the conjecture says {1}.', JSON.stringify(c.expected), JSON.stringify(c.got)) }));
    if (c.options) {
      const ul = el('ul');
      for (const o of c.options) ul.appendChild(el('li', { text: fmtOption(o) }));
      if (!c.options.length) ul.appendChild(el('li', { text: T('no options: a terminal state') }));
      box.appendChild(el('p', { text: T('Its options:') }));
      box.appendChild(ul);
    }
    return box;
  }

  function download(name, type, text) {
    const a = el('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name });
    document.body.appendChild(a);
    a.click();
    setTimeout(() => {
      URL.revokeObjectURL(a.href);
      a.remove();
    }, 0);
  }

  /** `done` is what the status line says once it is copied ("Text copied."). */
  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      say(T(done));
    } catch {
      say(T('Copying needs clipboard permission; use the download instead.'), true);
    }
  }

  let currentSvg = null;
  function toolbar(result) {
    const bar = el('div', { class: 'lab-toolbar' });
    const button = (label, fn, id) => {
      const b = el('button', { type: 'button', id, text: label });
      b.addEventListener('click', fn);
      bar.appendChild(b);
    };
    if (result.text) button(T('Copy as text'), () => copy(result.text, 'Text copied.'), 'lab-copy-text');
    if (result.csv) {
      button(T('Copy as CSV'), () => copy(result.csv, 'CSV copied.'), 'lab-copy-csv');
      button(T('Download CSV'), () => download('sg-table.csv', 'text/csv', result.csv), 'lab-download-csv');
    } else if (result.cut && result.cut.csvUrl) {
      // A big table: the result holds its first rows; the server streams the whole of it.
      bar.appendChild(el('a', { href: result.cut.csvUrl, id: 'lab-download-csv', class: 'button', download: '', text: T('Download CSV') }));
    }
    if (result.game.dims >= 2) button(T('Download SVG'), () => currentSvg && download('sg-heatmap.svg', 'image/svg+xml', currentSvg()), 'lab-download-svg');
    return bar;
  }

  /** The whole table's range: a big job's result holds its first rows, and `cut.to` says how far it goes. */
  const wholeTo = (result) => (result.cut ? result.cut.to : result.game.to);

  // One parameter: one period per row. Rows start at multiples of the period, so the column
  // labelled +k holds every n ≡ k (mod period) and a row's n is its label plus the column's.
  function periodTable(result) {
    const a = result.analysis;
    const from = result.game.from[0];
    // A big table's result holds its first values only (game.to ends with them; cut.to is the whole range).
    const to = Math.min(result.game.to[0], from + result.values.length - 1);
    const last = wholeTo(result)[0];
    const period = a ? a.period : 10;
    const exceptions = new Set(a ? a.exceptions : []);
    const table = el('table', { class: 'lab-seq', id: 'lab-seq', role: 'grid' });
    table.setAttribute('aria-label', F('G(n), one row per period of {0}: the arrow keys move, Enter or Space shows a state’s moves, Esc closes them', period));
    const head = el('tr', {}, el('th', { scope: 'col', text: 'n' }));
    for (let k = 0; k < period; k++) head.appendChild(el('th', { scope: 'col', class: 'lab-offset', title: `n ≡ ${k} (mod ${period})`, text: `+${k}` }));
    table.appendChild(el('thead', {}, head));
    const body = el('tbody');
    const MAX_ROWS = 500;
    let rows = 0;
    let n = from;
    while (n <= to && rows < MAX_ROWS) {
      const offset = ((n % period) + period) % period;
      const end = Math.min(to, n + period - offset - 1);
      const tr = el('tr');
      const pre = a && n < a.preperiod;
      tr.appendChild(el('th', { scope: 'row', text: String(n - offset), class: pre ? 'pre' : '' }));
      for (let i = 0; i < offset; i++) tr.appendChild(el('td', { class: 'blank' }));
      for (let m = n; m <= end; m++) {
        const v = result.values[m - from];
        const cls = [v === 0 || v === 'L' ? 'zero' : '', pre || (a && m < a.preperiod) ? 'pre' : '', exceptions.has(m) ? 'exc' : ''].filter(Boolean).join(' ');
        const opts = result.options ? result.options[m - from] : null;
        const title = `n = ${m}: ${v}${exceptions.has(m) ? T(' (exception to the period)') : ''}${opts ? fmtOptions(opts) : ''}`;
        tr.appendChild(el('td', { class: cls, title, text: String(v), 'data-n': String(m), tabindex: m === from ? '0' : '-1' }));
      }
      body.appendChild(tr);
      rows++;
      n = end + 1;
    }
    table.appendChild(body);
    const wrap = el('div', { class: 'lab-seq-wrap' }, table);
    // Outside the scrolling wrap, so a scroll edge never cuts the panel.
    const box = el('div', { class: 'lab-seq-box' }, wrap);
    const moves = movesPanel(box);
    // A roving tab stop: the focused state's cell is the table's one Tab stop.
    const cellOf = (m) => table.querySelector(`td[data-n="${m}"]`);
    let current = cellOf(from);
    const go = (m) => {
      const next = cellOf(m);
      if (!next) return;
      current.tabIndex = -1;
      next.tabIndex = 0;
      current = next;
      next.focus();
    };
    const shownLast = body.lastElementChild ? Number(body.lastElementChild.lastElementChild.dataset.n) : from;
    table.addEventListener('keydown', (ev) => {
      const m = Number(current.dataset.n);
      const rowStart = Math.max(from, m - (((m % period) + period) % period));
      if (moves.key(ev, () => moves.open(result, m - from, current))) return;
      const steps = { ArrowLeft: m - 1, ArrowRight: m + 1, ArrowUp: m - period, ArrowDown: m + period, PageUp: m - 10 * period, PageDown: m + 10 * period };
      let target = null;
      if (ev.key in steps) target = Math.min(shownLast, Math.max(from, steps[ev.key]));
      else if (ev.key === 'Home') target = ev.ctrlKey ? from : rowStart;
      else if (ev.key === 'End') target = ev.ctrlKey ? shownLast : Math.min(shownLast, rowStart - (((rowStart % period) + period) % period) + period - 1);
      else return;
      ev.preventDefault();
      go(target);
      if (moves.isOpen()) moves.open(result, target - from, current);
    });
    // A click, or a tap on a phone, shows that state's moves.
    table.addEventListener('click', (ev) => {
      const td = ev.target.closest('td[data-n]');
      if (!td) return;
      go(Number(td.dataset.n));
      moves.open(result, Number(td.dataset.n) - from, td);
    });
    const item = (swatch, text) => el('span', { class: 'legend-item' }, el('span', { class: `swatch ${swatch}` }), text);
    const legend = el('p', { class: 'lab-legend' }, item('zero', T('value 0 (P-position)')), item('pre', T('pre-period')), item('exc', T('exception')));
    box.insertBefore(legend, wrap.nextSibling);
    legend.after(el('p', { class: 'hint', id: 'lab-seq-how', text: F('A row’s label plus a column’s +k is n; the column +k holds every n ≡ k (mod {0}).', period) }));
    if (n <= last) box.appendChild(el('p', { class: 'hint', text: F('First {0} rows shown; the CSV has all {1} values.', rows, result.count ?? result.values.length) }));
    return box;
  }

  // G(n) against n, one dot per value seen in each column of n (as Flammenkamp's tables draw them):
  // the pre-period shaded, exceptions red, the start of the period and of the values that follow
  // from it marked. A big table brings its columns (result.plot); a small one is drawn from its values.
  function plot(result) {
    const a = result.analysis;
    const to = wholeTo(result)[0];
    const from = result.game.from[0];
    let p = result.plot;
    if (!p) {
      const step = Math.max(1, Math.ceil(result.values.length / 1200));
      const points = [];
      const seen = new Map();
      result.values.forEach((v, i) => {
        const c = Math.floor(i / step);
        if (seen.get(v) === c) return;
        seen.set(v, c);
        points.push(c, v);
      });
      p = { from, step, columns: Math.ceil(result.values.length / step), points, exceptionValues: null };
    }
    let top = 1;
    for (let i = 1; i < p.points.length; i += 2) top = Math.max(top, p.points[i]);
    // As wide as the result panel allows (a column of n per pixel or more).
    const room = Math.max(300, Math.min(1200, (view.clientWidth || 900) - 50));
    const W = Math.max(300, Math.min(room, p.columns * Math.max(1, Math.floor(room / p.columns))));
    const H = 220;
    const left = 36;
    const bottom = 20;
    const ratio = window.devicePixelRatio || 1;
    const canvas = el('canvas', { id: 'lab-plot', class: 'lab-plot', role: 'img' });
    canvas.setAttribute('aria-label', F('G(n) against n for n = {0}..{1}', from, to));
    canvas.width = Math.round((W + left) * ratio);
    canvas.height = Math.round((H + bottom) * ratio);
    canvas.style.width = `${W + left}px`;
    canvas.style.height = `${H + bottom}px`;
    const ctx = canvas.getContext('2d');
    ctx.scale(ratio, ratio);
    const xOf = (n) => left + ((n - from) / (p.step * p.columns)) * W;
    const yOf = (v) => H - 4 - (v / top) * (H - 12);
    if (a) {
      ctx.fillStyle = '#eeeeee';
      ctx.fillRect(left, 0, xOf(a.preperiod) - left, H);
    }
    ctx.strokeStyle = '#999';
    ctx.beginPath();
    ctx.moveTo(left, 0);
    ctx.lineTo(left, H);
    ctx.lineTo(left + W, H);
    ctx.stroke();
    ctx.fillStyle = '#555';
    ctx.font = '11px sans-serif';
    ctx.fillText(String(top), 4, yOf(top) + 4);
    ctx.fillText('0', 4, yOf(0) + 4);
    ctx.fillText(String(from), left, H + 14);
    const last = String(to);
    ctx.fillText(last, left + W - ctx.measureText(last).width, H + 14);
    const dot = Math.max(1.5, Math.min(4, W / p.columns / 2));
    ctx.fillStyle = '#1f2933';
    for (let i = 0; i < p.points.length; i += 2) {
      const x = left + ((p.points[i] + 0.5) / p.columns) * W;
      ctx.fillRect(x - dot / 2, yOf(p.points[i + 1]) - dot / 2, dot, dot);
    }
    if (a) {
      ctx.fillStyle = '#d7263d';
      for (let k = 0; k < a.exceptions.length; k++) {
        const n = a.exceptions[k];
        const v = p.exceptionValues ? p.exceptionValues[k] : result.values[n - from];
        if (v === undefined) continue;
        ctx.fillRect(xOf(n + 0.5) - 2, yOf(v) - 2, 4, 4);
      }
      const mark = (n, colour, dash) => {
        ctx.strokeStyle = colour;
        ctx.setLineDash(dash);
        ctx.beginPath();
        ctx.moveTo(xOf(n), 0);
        ctx.lineTo(xOf(n), H);
        ctx.stroke();
        ctx.setLineDash([]);
      };
      mark(a.preperiod, '#0645ad', []);
      if (result.byPeriodFrom !== null && result.byPeriodFrom !== undefined) mark(result.byPeriodFrom, '#0645ad', [4, 3]);
    }
    const legend = el('p', { class: 'lab-plot-legend' });
    // One span per item: bare text nodes in the flex row ran two items together.
    const item = (swatch, text) => el('span', { class: 'legend-item' }, ...(swatch ? [el('span', { class: `swatch ${swatch}` }), text] : [text]));
    if (a) legend.append(item('pre', T('pre-period')), item('exc', T('exception')), item(null, F('blue line: the period starts (n = {0})', a.preperiod)));
    if (result.byPeriodFrom !== null && result.byPeriodFrom !== undefined) legend.appendChild(item(null, F('dashed: values from n = {0} follow from the proven period', result.byPeriodFrom)));
    return el('figure', { class: 'lab-plot-box' }, canvas, legend);
  }

  const pMark = (v) => (v === 0 || v === 'L' ? ` — ${T('P-position (the player to move loses)')}` : '');

  /** The API body naming a built-in game (its options can be asked for one state at a time). */
  function specBody(result) {
    const spec = result.game.spec;
    if (!spec) return null;
    const params = Object.keys(result.game.settings).length ? result.game.settings : undefined;
    if (spec.kind === 'problem') return { problem: spec.slug, params };
    if (spec.kind === 'octal') return { octal: spec.code };
    if (spec.kind === 'subtract') return { subtract: spec.set };
    if (spec.kind === 'nim') return { preset: 'nim' };
    return { preset: 'bash', params };
  }

  // Big tables of built-in games carry no options; they are fetched per state and cached.
  // A state's options: a list of {components, value}, 'loading' while fetched (then `later(list)`),
  // or null when they are not kept (a student's big table).
  const optionCache = new Map();
  function optionsOf(result, k, later) {
    if (result.options) return result.options[k] || [];
    const body = specBody(result);
    if (!body) return null;
    const key = `${result.game.name}|${result.states[k].join(',')}`;
    const known = optionCache.get(key);
    if (known) return known;
    optionCache.set(key, 'loading');
    fetch('/api/lab/options', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, state: result.states[k] }) })
      .then((r) => r.json())
      .then((a) => {
        if (!a.options) throw new Error(a.error);
        if (!result.stateIndex) result.stateIndex = new Map(result.states.map((s, i) => [s.join(','), i]));
        const index = result.stateIndex;
        const valueOf = (c) => (index.has(c.join(',')) ? result.values[index.get(c.join(','))] : undefined);
        const list = a.options.map((o) => {
          const vals = o.map(valueOf);
          const value = vals.some((x) => typeof x !== 'number') ? '?' : vals.reduce((x, y) => x ^ y, 0);
          return { components: o, value };
        });
        optionCache.set(key, list);
        later(list);
      })
      .catch(() => optionCache.delete(key));
    return 'loading';
  }
  const optionsText = (opts) => (Array.isArray(opts) ? fmtOptions(opts) : opts === 'loading' ? F('; options: {0}', '…') : '');

  // ---- a cell's moves: one panel beside the cell, opened by Enter / Space on a focused cell, a click
  // or a tap; Esc or its Close button shuts it and focus goes back to the cell ----
  function movesPanel(host) {
    const panel = el('div', { class: 'lab-moves', id: 'lab-moves', 'aria-live': 'polite', hidden: '' });
    let from = null;
    let shownKey = null;
    const close = () => {
      const had = panel.contains(document.activeElement);
      panel.hidden = true;
      panel.textContent = '';
      shownKey = null;
      if (had && from) from.focus();
    };
    const closeButton = () => {
      const b = el('button', { type: 'button', class: 'lab-moves-close', text: T('Close') });
      b.addEventListener('click', close);
      return b;
    };
    const render = (result, k, opts) => {
      panel.textContent = '';
      const v = result.values[k];
      panel.appendChild(el('p', { class: 'lab-moves-title' }, el('strong', { text: F('Moves from {0} (value {1}):', fmtState(result.states[k]), v) }), pMark(v)));
      if (opts === 'loading') panel.appendChild(el('p', { text: '…' }));
      else if (opts === null) panel.appendChild(el('p', { text: T('Moves are not kept for a table this big.') }));
      else if (!opts.length) panel.appendChild(el('p', { text: T('no options: a terminal state') }));
      else {
        const ul = el('ul');
        for (const o of opts) ul.appendChild(el('li', { text: fmtOption(o) }));
        panel.appendChild(ul);
      }
      panel.appendChild(closeButton());
    };
    /** Shows state k's moves below `cell` (an element inside host). */
    const open = (result, k, cell) => {
      from = cell;
      shownKey = k;
      const opts = optionsOf(result, k, (list) => shownKey === k && render(result, k, list));
      render(result, k, opts);
      panel.hidden = false;
      const h = host.getBoundingClientRect();
      const c = cell.getBoundingClientRect();
      panel.style.top = `${c.bottom - h.top + host.scrollTop + 4}px`;
      panel.style.left = `${Math.max(0, Math.min(c.left - h.left + host.scrollLeft, host.scrollWidth - panel.offsetWidth - 4))}px`;
      panel.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      }
    });
    /** A focused cell's keys: Enter or Space calls show(), Esc closes; true when the key was one of those. */
    const key = (ev, show) => {
      if (ev.key === 'Enter' || ev.key === ' ') show();
      else if (ev.key === 'Escape' && !panel.hidden) close();
      else return false;
      ev.preventDefault();
      return true;
    };
    host.appendChild(panel);
    return { open, close, key, isOpen: () => !panel.hidden };
  }

  // Two parameters: one canvas, drawn once; hover and keyboard focus report a cell.
  function heatmap(result, fixed) {
    const d = fixed === null ? 0 : 1;
    const x0 = result.game.from[d];
    const y0 = result.game.from[d + 1];
    const rows = result.game.to[d] - x0 + 1;
    const cols = result.game.to[d + 1] - y0 + 1;
    const names = result.game.paramNames.slice(d);
    // Index of state (fixed, x, y) in the table (lexicographic order).
    const base = fixed === null ? 0 : (fixed - result.game.from[0]) * rows * cols;
    const idx = (i, j) => base + i * cols + j;
    const cell = Math.max(3, Math.min(28, Math.floor(720 / Math.max(rows, cols))));
    const margin = 34;
    // The canvas is the picture; the keyboard and screen readers use the grid laid over it.
    const canvas = el('canvas', { class: 'lab-heatmap', id: 'lab-heatmap', 'aria-hidden': 'true' });
    canvas.dataset.cell = String(cell);
    canvas.dataset.margin = String(margin);
    canvas.dataset.x0 = String(x0);
    canvas.dataset.y0 = String(y0);
    canvas.dataset.rows = String(rows);
    canvas.dataset.cols = String(cols);
    const ratio = window.devicePixelRatio || 1;
    const w = margin + cols * cell + 2;
    const h = margin + rows * cell + 2;
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(h * ratio);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const ctx = canvas.getContext('2d');
    ctx.scale(ratio, ratio);
    let maxV = 0;
    const draw = () => {
      ctx.clearRect(0, 0, w, h);
      ctx.font = `${Math.min(12, Math.max(8, cell - 8))}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const v = result.values[idx(i, j)];
          if (typeof v === 'number' && v > maxV) maxV = v;
          ctx.fillStyle = colourOf(v);
          ctx.fillRect(margin + j * cell, margin + i * cell, cell, cell);
          if (cell >= 16) {
            ctx.fillStyle = inkOf(v);
            ctx.fillText(String(v), margin + j * cell + cell / 2, margin + i * cell + cell / 2 + 0.5);
          }
        }
      }
      // Axis labels: every state when they fit, else every 10th.
      ctx.fillStyle = '#444';
      ctx.font = '10px sans-serif';
      const every = cell >= 16 ? 1 : cell >= 6 ? 5 : 10;
      for (let j = 0; j < cols; j++) if ((y0 + j) % every === 0 || every === 1) ctx.fillText(String(y0 + j), margin + j * cell + cell / 2, margin - 10);
      ctx.textAlign = 'right';
      for (let i = 0; i < rows; i++) if ((x0 + i) % every === 0 || every === 1) ctx.fillText(String(x0 + i), margin - 4, margin + i * cell + cell / 2);
      ctx.textAlign = 'left';
      ctx.fillText(`${names[0]} ↓  ${names[1]} →`, 2, 10);
    };
    draw();
    const readout = el('p', { class: 'lab-cell', id: 'lab-cell', 'aria-live': 'polite', text: T('Hover or focus a cell to read its value and options.') });
    const tip = el('div', { class: 'lab-tip', id: 'lab-tip', hidden: '' });
    let shown = -1;
    const describe = (i, j) => {
      const k = idx(i, j);
      shown = k;
      const state = result.states[k];
      const v = result.values[k];
      const opts = optionsOf(result, k, (list) => {
        // Arrives later: update only if the same cell is still shown.
        if (shown !== k) return;
        readout.textContent = `${fmtState(state)} = ${v}${pMark(v)}${optionsText(list)}`;
        if (!tip.hidden) tip.textContent = readout.textContent;
      });
      return `${fmtState(state)} = ${v}${pMark(v)}${optionsText(opts)}`;
    };
    const cellAt = (ev) => {
      const r = canvas.getBoundingClientRect();
      const j = Math.floor((ev.clientX - r.left - margin) / cell);
      const i = Math.floor((ev.clientY - r.top - margin) / cell);
      return i >= 0 && j >= 0 && i < rows && j < cols ? [i, j] : null;
    };
    // A WAI-ARIA grid with one cell in the page, moved by the arrow keys (a roving tab stop: the
    // table is one Tab stop however many states it has); aria-rowindex / aria-colindex say where it is.
    const grid = el('div', { class: 'lab-grid', id: 'lab-grid', role: 'grid', 'aria-rowcount': String(rows), 'aria-colcount': String(cols) });
    grid.setAttribute('aria-label', F('Heatmap of {0} × {1} states: the arrow keys move, Enter or Space shows a state’s moves, Esc closes them', rows, cols));
    const row = el('div', { role: 'row' });
    const gridCell = el('div', { role: 'gridcell', class: 'lab-grid-cell', id: 'lab-grid-cell', tabindex: '0' });
    const cellText = el('span', { class: 'visually-hidden' });
    gridCell.appendChild(cellText);
    row.appendChild(gridCell);
    grid.appendChild(row);
    const box = el('div', { class: 'lab-heat-box' }, canvas, grid, tip);
    // Outside the scrolling box, so a scroll edge never cuts the panel.
    const heat = el('div', { class: 'lab-heat' });
    const moves = movesPanel(heat);
    let focus = [0, 0];
    /** Puts the grid's cell on state (i, j) and, unless told not to, says it. */
    const place = (i, j, say = true) => {
      focus = [i, j];
      row.setAttribute('aria-rowindex', String(i + 1));
      gridCell.setAttribute('aria-colindex', String(j + 1));
      gridCell.style.left = `${margin + j * cell}px`;
      gridCell.style.top = `${margin + i * cell}px`;
      gridCell.style.width = `${cell}px`;
      gridCell.style.height = `${cell}px`;
      const v = result.values[idx(i, j)];
      cellText.textContent = `${fmtState(result.states[idx(i, j)])} = ${v}${pMark(v)}`;
      if (say) readout.textContent = describe(i, j);
    };
    place(0, 0, false);
    canvas.addEventListener('mousemove', (ev) => {
      const c = cellAt(ev);
      if (!c) {
        tip.hidden = true;
        return;
      }
      const text = describe(c[0], c[1]);
      tip.textContent = text;
      tip.hidden = false;
      tip.style.left = `${ev.offsetX + 14}px`;
      tip.style.top = `${ev.offsetY + 14}px`;
      readout.textContent = text;
    });
    canvas.addEventListener('mouseleave', () => (tip.hidden = true));
    // A click, or a tap on a phone: that cell gets the focus and its moves are shown. (A tap's
    // emulated mousemove would leave a hover tip behind the panel: hidden.)
    canvas.addEventListener('click', (ev) => {
      const c = cellAt(ev);
      if (!c) return;
      tip.hidden = true;
      place(c[0], c[1]);
      gridCell.focus({ preventScroll: true });
      moves.open(result, idx(c[0], c[1]), gridCell);
    });
    gridCell.addEventListener('focus', () => {
      readout.textContent = describe(focus[0], focus[1]);
    });
    gridCell.addEventListener('keydown', (ev) => {
      const page = Math.max(1, Math.floor(300 / cell));
      if (moves.key(ev, () => moves.open(result, idx(focus[0], focus[1]), gridCell))) return;
      const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-page, 0], PageDown: [page, 0] };
      let to = null;
      if (steps[ev.key]) to = [focus[0] + steps[ev.key][0], focus[1] + steps[ev.key][1]];
      else if (ev.key === 'Home') to = ev.ctrlKey ? [0, 0] : [focus[0], 0];
      else if (ev.key === 'End') to = ev.ctrlKey ? [rows - 1, cols - 1] : [focus[0], cols - 1];
      else return;
      ev.preventDefault();
      place(Math.min(rows - 1, Math.max(0, to[0])), Math.min(cols - 1, Math.max(0, to[1])));
      gridCell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // The panel follows the focused cell while it is open.
      if (moves.isOpen()) moves.open(result, idx(focus[0], focus[1]), gridCell);
    });
    currentSvg = () => {
      const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="${Math.min(12, Math.max(8, cell - 8))}">`];
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const v = result.values[idx(i, j)];
          const x = margin + j * cell;
          const y = margin + i * cell;
          parts.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${colourOf(v)}"><title>${fmtState(result.states[idx(i, j)])} = ${v}</title></rect>`);
          if (cell >= 16) parts.push(`<text x="${x + cell / 2}" y="${y + cell / 2 + 4}" text-anchor="middle" fill="${inkOf(v)}">${v}</text>`);
        }
      }
      parts.push('</svg>');
      return parts.join('\n');
    };
    const legend = el('div', { class: 'lab-legend' });
    const values = result.loopy ? ['W', 'L', 'D'] : Array.from({ length: Math.min(maxV, PALETTE.length) + 1 }, (_, v) => v);
    for (const v of values) {
      const sw = el('span', { class: 'swatch' });
      sw.style.background = colourOf(v);
      legend.appendChild(el('span', { class: 'legend-item' }, sw, `${v === 0 ? T('0 (P-position)') : v === 'W' ? T('Win') : v === 'L' ? T('Lose (P-position)') : v === 'D' ? T('Draw') : v}`));
    }
    if (!result.loopy && maxV > PALETTE.length) legend.appendChild(el('span', { class: 'legend-item', text: F('colours repeat every {0} values (up to {1})', PALETTE.length, maxV) }));
    heat.prepend(legend, box, readout);
    return heat;
  }

  function slices(result) {
    const wrap = el('div', { class: 'lab-slices' });
    const select = el('select', { id: 'lab-slice' });
    for (let a = result.game.from[0]; a <= result.game.to[0]; a++) select.appendChild(el('option', { value: String(a), text: `${result.game.paramNames[0]} = ${a}` }));
    const holder = el('div');
    const render = () => {
      holder.textContent = '';
      holder.appendChild(heatmap(result, Number(select.value)));
    };
    select.addEventListener('change', render);
    wrap.appendChild(el('label', {}, `${T('Slice')} `, select));
    wrap.appendChild(holder);
    render();
    return wrap;
  }

  // A table the server already computed (GET /lab?…, or a finished job page).
  const data = $('lab-data');
  if (data) {
    const result = JSON.parse(data.textContent);
    const summary = $('lab-summary');
    if (summary) summary.remove();
    const text = document.querySelector('.lab-text-box');
    if (text) text.remove();
    const link = document.querySelector('#lab-result > p > .lab-stress-link');
    if (link) link.parentElement.remove();
    show(result);
  }
})();
