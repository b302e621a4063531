// "Run the samples" (button, or Ctrl+' / ⌘+' anywhere on the problem page): the editor's program on
// every sample through POST /api/sample-runs, each shown passed or failed, a failure as a difference.
(() => {
  'use strict';
  const panel = document.getElementById('sample-runs');
  if (!panel) return;
  const uiText = window.sgText;
  const VERDICT_WORDS = {
    AC: 'Accepted',
    WA: 'Wrong answer',
    TLE: 'Time limit exceeded',
    MLE: 'Memory limit exceeded',
    RE: 'Runtime error',
    CE: 'Compilation error',
    OLE: 'Output limit exceeded',
    IE: 'Judgement failed',
  };
  const verdictText = (v) => uiText(VERDICT_WORDS[v] || v);
  // A Chinese page's message templates by id (server/text/messages.ts); an English page has none
  // and shows the API's English as it is.
  const templates = (() => {
    try {
      return JSON.parse(document.getElementById('message-templates').textContent);
    } catch {
      return null;
    }
  })();
  /** A message in the page's language by its id and arguments (an argument may be a message too), else its English. */
  const sayIn = (m) => {
    const template = templates && m && typeof m.id === 'string' && templates[m.id];
    if (!template || !Array.isArray(m.args)) return null;
    const args = m.args.map((a) => (typeof a === 'string' ? a : sayIn(a) ?? ''));
    return template.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
  };
  const inPageLanguage = (english, m) => sayIn(m) ?? english;
  const verdictClass = (v) => (v === 'AC' ? 'verdict-accepted' : 'verdict-failed');
  const slug = panel.dataset.slug;
  const button = document.querySelector('.run-samples');
  const out = panel.querySelector('.sample-results');
  let running = false;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(run) {
    out.hidden = false;
    out.replaceChildren();
    if (run.verdict === 'CE' || run.verdict === 'IE') {
      out.append(el('p', verdictClass(run.verdict), verdictText(run.verdict)));
      if (run.compileOutput) out.append(el('pre', 'message', run.compileOutput));
      return;
    }
    const passed = run.samples.filter((s) => s.verdict === 'AC').length;
    out.append(el('p', `sample-summary ${passed === run.samples.length ? 'verdict-accepted' : 'verdict-failed'}`, uiText('{0} of {1} samples passed', passed, run.samples.length)));
    for (const s of run.samples) {
      const item = el('details', 'sample-result');
      item.dataset.sample = String(s.index);
      item.dataset.verdict = s.verdict;
      item.open = s.verdict !== 'AC';
      const summary = el('summary');
      summary.append(el('span', '', `${uiText('Sample {0}', s.index)}: `), el('span', verdictClass(s.verdict), verdictText(s.verdict)), el('span', 'hint', ` · ${s.timeMs} ms`));
      item.append(summary);
      if (s.message) item.append(el('pre', 'message', inPageLanguage(s.message, s.said)));
      const diff = window.sgDiff(s.expected, s.output);
      // The server names the case of the first difference when the problem's layout makes it certain.
      const caption = diff.querySelector('.diff-caption');
      if (caption && s.case) caption.append(' · ', el('span', 'diff-case', uiText('case {0} of {1}', s.case.index, s.case.of)));
      item.append(diff);
      out.append(item);
    }
  }

  async function runSamples() {
    if (running) return;
    running = true;
    button.disabled = true;
    out.hidden = false;
    out.replaceChildren(el('p', 'hint', uiText('Running the samples…')));
    try {
      const source = window.sgEditorSource ? window.sgEditorSource() : '';
      const language = window.sgEditorLanguage ? window.sgEditorLanguage() : 'typescript';
      const { id } = await window.sgApi('POST', '/api/sample-runs', { problem: slug, source, language });
      for (;;) {
        const run = await window.sgApi('GET', `/api/sample-runs/${id}`);
        if (run.status === 'done') {
          show(run);
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    } catch (e) {
      if (e.status === 401) {
        // Logged out: the API's sentence is for developers; a person needs the way to log in and back.
        const p = el('p', 'form-error verdict-failed', uiText('Log in to run the samples: your code stays in the editor.') + ' ');
        const a = el('a', '', uiText('Log in'));
        a.href = `/login?next=${encodeURIComponent(location.pathname)}`;
        p.append(a);
        out.replaceChildren(p);
      } else {
        out.replaceChildren(el('p', 'form-error verdict-failed', inPageLanguage(e.message, e.said)));
      }
    } finally {
      running = false;
      button.disabled = false;
    }
  }

  button.hidden = false;
  button.addEventListener('click', runSamples);
  window.sgRunSamples = runSamples;
})();
