// Problem page: the "Stress test" and "Custom invocation" panels, followed live through the JSON
// API (POST, then poll until done). Without JavaScript the same buttons post the form instead.
(() => {
  'use strict';

  // The interface's words in the page's language (public/api.js), and sentences with {0}, {1}… filled in.
  const T = (s) => window.sgText(s);
  const F = window.sgText;
  const VERDICT_WORDS = {
    AC: 'Accepted', WA: 'Wrong answer', TLE: 'Time limit exceeded', MLE: 'Memory limit exceeded',
    RE: 'Runtime error', CE: 'Compilation error', OLE: 'Output limit exceeded', IE: 'Judgement failed',
  };
  const languageNow = () => (window.sgEditorLanguage ? window.sgEditorLanguage() : 'typescript');
  const sourceNow = () => (window.sgEditorSource ? window.sgEditorSource() : document.getElementById('source').value);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }
  // replaceChildren() would print a null child as the text "null": leave the missing parts out.
  function show(target, ...children) {
    target.hidden = false;
    target.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
  }
  const block = (title, text) => el('div', { class: 'io-block' }, el('div', { class: 'io-title' }, title), el('pre', {}, text));
  // An interactive run's dialogue, each line with the move it plays (as on a submission's page).
  const dialogueBlock = (moves) => {
    const pre = el('pre', { class: 'dialogue', tabindex: '0' });
    for (const m of moves) {
      const line = el('span', { class: 'dialogue-line' }, `${m.text}\n`);
      if (m.move !== null) line.dataset.move = String(m.move);
      pre.append(line);
    }
    return el('div', { class: 'io-block', 'data-kind': 'dialogue' }, el('div', { class: 'io-title' }, T('Dialogue (> the program, < the judge)')), pre);
  };

  // public/api.js: one place adds the headers every JSON call needs.
  const api = (method, url, body) => window.sgApi(method, url, body);

  async function poll(url, onUpdate) {
    for (;;) {
      const data = await api('GET', url);
      onUpdate(data);
      if (data.status === 'done') return data;
      await sleep(250);
    }
  }

  // ---- stress test ----
  const stress = document.getElementById('stress-test');
  if (stress) {
    const slug = stress.dataset.slug;
    const button = stress.querySelector('.stress-run');
    const cancel = stress.querySelector('.stress-cancel');
    const live = stress.querySelector('.stress-live');
    const bar = stress.querySelector('.stress-progress');
    const text = stress.querySelector('.stress-progress-text');
    const result = stress.querySelector('.stress-result');
    const runList = stress.querySelector('.stress-run-list');
    const field = (name) => stress.querySelector(`[name=${name}]`);
    let following = null;
    // "Cancelling…" stays until the run has really stopped; the progress does not overwrite it.
    let cancelling = false;
    // A seed the student typed is kept; otherwise each run takes a new one, so "run again" explores.
    let seedFixed = false;
    // The seed of the last run sent: the field keeps showing it beside that run's result, and only
    // the next click draws a new one (a field that changed at once named a seed no result had).
    let lastSeed = null;
    field('seed').addEventListener('input', () => {
      seedFixed = true;
    });

    // Follows one run until it ends: progress, then the result; a reload picks it up again from the list.
    async function follow(id) {
      following = id;
      button.disabled = true;
      cancel.hidden = false;
      cancel.disabled = false;
      live.hidden = false;
      try {
        const run = await poll(`/api/stress/${id}`, (r) => {
          bar.max = r.casesTotal;
          bar.value = r.casesRun;
          markLive(r);
          if (cancelling) return;
          if (r.status === 'queued') text.textContent = T('In queue');
          else if (r.shrinkSteps !== null && r.status === 'running') text.textContent = F('Found a failing case; shrinking it (step {0})', r.shrinkSteps);
          else text.textContent = F('{0} / {1} cases', r.casesRun, r.casesTotal) + (r.casesPerSecond ? `, ${F('{0} cases/s', r.casesPerSecond)}` : '');
        });
        if (run.result === 'failed') text.textContent = F('stopped at case {0} of {1}', run.casesRun, run.casesTotal);
        else if (run.result === 'error') text.textContent = '';
        else if (run.result === 'cancelled') text.textContent = F('cancelled after {0} of {1} cases', run.casesRun, run.casesTotal);
        showStressResult(run);
        markRun(run);
      } catch (err) {
        showError(err);
      } finally {
        cancel.hidden = true;
        button.disabled = false;
        following = null;
        cancelling = false;
      }
    }

    function showError(err) {
      // A refused request never started: no "In queue" may stay beside its error.
      live.hidden = true;
      text.textContent = '';
      show(result, el('p', { class: 'verdict-failed' }, String(err.message || err)));
    }

    button.addEventListener('click', async (e) => {
      e.preventDefault();
      // Only the stress fields are checked here: the solution's Submit ignores them.
      for (const name of ['cases', 'seed']) if (!field(name).reportValidity()) return;
      if (!seedFixed && lastSeed !== null && field('seed').value === String(lastSeed)) field('seed').value = String(Math.floor(Math.random() * 2147483647));
      const body = { problem: slug, source: sourceNow(), language: languageNow(), cases: Number(field('cases').value), size: field('size').value, seed: Number(field('seed').value) };
      button.disabled = true;
      result.hidden = true;
      result.replaceChildren();
      live.hidden = false;
      bar.max = body.cases;
      bar.value = 0;
      text.textContent = T('Sending…');
      let id;
      try {
        ({ id } = await api('POST', '/api/stress', body));
      } catch (err) {
        showError(err);
        button.disabled = false;
        return;
      }
      addRun(id, F('in queue ({0} {1} case(s), seed {2})', body.cases, T(body.size), body.seed));
      lastSeed = body.seed;
      await follow(id);
    });

    cancel.addEventListener('click', async () => {
      if (following === null) return;
      cancel.disabled = true;
      cancelling = true;
      text.textContent = T('Cancelling…');
      try {
        await api('POST', `/api/stress/${following}/cancel`);
      } catch (err) {
        // Finished meanwhile: the poll shows the result.
        cancel.disabled = false;
      }
    });

    function addRun(id, state) {
      if (!runList) return;
      runList.closest('.stress-runs').hidden = false;
      const item = el('li', { 'data-id': String(id), 'data-status': 'queued' }, el('a', { href: `/stress/${id}` }, `#${id}`), ' ', el('span', { class: 'stress-run-state' }, state));
      runList.prepend(item);
    }

    // A run the judge has started is listed as running, not as waiting in the queue.
    function markLive(r) {
      const item = runList && runList.querySelector(`li[data-id="${r.id}"]`);
      if (!item || r.status !== 'running') return;
      // While a failing case is shrunk the case count means nothing ("0 / 1000"): say what happens.
      const state = r.shrinkSteps !== null && r.shrinkSteps !== undefined ? 'shrinking' : 'running';
      if (item.dataset.status === state) return;
      item.dataset.status = state;
      item.querySelector('.stress-run-state').textContent =
        state === 'shrinking' ? F('shrinking a failing case (size {0}, seed {1})', T(r.size), r.seed) : F('running: {0} / {1} cases (size {2}, seed {3})', r.casesRun, r.casesTotal, T(r.size), r.seed);
    }

    function markRun(run) {
      const item = runList && runList.querySelector(`li[data-id="${run.id}"]`);
      if (!item) return;
      item.dataset.status = run.status;
      const size = T(run.size);
      const c = run.counterexample;
      const state =
        run.result === 'passed' ? F('passed {0} case(s) (size {1}, seed {2})', run.casesRun, size, run.seed)
        : run.result === 'failed' && c ? F('{0} on random case {1} (size {2}, seed {3})', T(VERDICT_WORDS[c.verdict] || c.verdict), c.caseIndex + 1, size, run.seed)
        : run.result === 'cancelled' ? F('cancelled after {0} of {1} case(s) (size {2}, seed {3})', run.casesRun, run.casesTotal, size, run.seed)
        : F('could not complete (size {0}, seed {1})', size, run.seed);
      item.querySelector('.stress-run-state').textContent = state;
    }

    function showStressResult(run) {
      const where = F('size {0}, seed {1}', T(run.size), run.seed);
      if (run.result === 'passed') {
        show(
          result,
          el('p', { class: 'verdict-accepted stress-verdict' }, F('Passed {0} random cases', run.casesRun)),
          el('p', { class: 'hint' }, F('{0}; {1} cases/s', where, run.casesPerSecond ?? '?')),
          ...(run.note ? [el('p', { class: 'hint stress-note' }, F('Stopped early: {0} (the judge CPU one stress run may use).', run.note))] : []),
        );
        return;
      }
      if (run.result === 'cancelled') {
        // Nothing failed: a cancelled run is not shown as a failure.
        show(result, el('p', { class: 'verdict-waiting stress-verdict' }, F('Cancelled after {0} of {1} cases; none of them failed', run.casesRun, run.casesTotal)), el('p', { class: 'hint' }, where));
        return;
      }
      if (run.result === 'error') {
        show(result, el('p', { class: 'verdict-failed stress-verdict' }, T('Stress test could not complete')), el('pre', { class: 'message' }, run.error || ''), run.errorInput ? block(T('On input'), run.errorInput) : null);
        return;
      }
      const c = run.counterexample;
      const save = el('button', { type: 'button', class: 'save-test' }, T('Save as a test'));
      save.addEventListener('click', async () => {
        save.disabled = true;
        try {
          const { id, index } = await api('POST', `/api/problems/${slug}/tests`, { input: c.input, label: `stress ${run.size}, seed ${run.seed}, case ${c.caseIndex + 1}` });
          save.replaceWith(el('span', { class: 'hint saved-test' }, F('Saved as test {0}: every later submission runs it.', index)));
          addUserTestRow(id, index, `stress ${run.size}, seed ${run.seed}, case ${c.caseIndex + 1}`, c.input);
        } catch (err) {
          save.disabled = false;
          save.after(el('span', { class: 'verdict-failed' }, ` ${err.message}`));
        }
      });
      show(
        result,
        el('p', { class: 'verdict-rejected stress-verdict' }, F('{0} on random case {1}', T(VERDICT_WORDS[c.verdict] || c.verdict), c.caseIndex + 1)),
        el('p', { class: 'hint' }, F('{0}; shrunk in {1} step(s) to this input:', where, c.shrinkSteps)),
        block(T('Input'), c.input),
        block(T('Expected output (reference)'), c.expected),
        block(T('Your output'), c.got),
        c.message ? el('pre', { class: 'message' }, c.message) : null,
        save,
      );
    }

    // After a reload: pick up the newest run that is still going.
    const going = runList && runList.querySelector('li[data-status="queued"], li[data-status="running"]');
    if (going) void follow(Number(going.dataset.id));
  }

  // Keeps the "Your added tests" list in step with a test just saved, without a reload.
  function addUserTestRow(id, index, label, input) {
    const panel = document.getElementById('user-tests');
    if (!panel) return;
    let table = panel.querySelector('table.user-tests tbody');
    if (!table) {
      panel.querySelector('.empty-text')?.remove();
      const t = el('table', { class: 'grid compact user-tests' }, el('tbody'));
      panel.append(t);
      table = t.querySelector('tbody');
    }
    const remove = el('button', { type: 'button', class: 'remove-test' }, T('Remove'));
    remove.addEventListener('click', () => removeTest(panel.dataset.slug, id, remove));
    table.append(el('tr', { 'data-id': id }, el('td', {}, F('test {0}', index)), el('td', {}, label, el('pre', {}, input)), el('td', {}, remove)));
  }

  async function removeTest(slug, id, button) {
    button.disabled = true;
    try {
      await api('DELETE', `/api/problems/${slug}/tests/${id}`);
      location.reload();
    } catch (err) {
      button.disabled = false;
      button.after(el('span', { class: 'verdict-failed' }, ` ${err.message}`));
    }
  }

  const userTests = document.getElementById('user-tests');
  if (userTests) {
    for (const button of userTests.querySelectorAll('button.remove-test')) {
      button.addEventListener('click', (e) => {
        e.preventDefault();
        removeTest(userTests.dataset.slug, button.closest('tr').dataset.id, button);
      });
    }
  }

  // ---- custom invocation ----
  const invocation = document.getElementById('custom-invocation');
  if (invocation) {
    const slug = invocation.dataset.slug;
    const button = invocation.querySelector('.invocation-run');
    const input = invocation.querySelector('textarea');
    const result = invocation.querySelector('.invocation-result');
    button.addEventListener('click', async (e) => {
      e.preventDefault();
      button.disabled = true;
      result.hidden = false;
      result.replaceChildren(el('p', { class: 'verdict-waiting' }, T('Running…')));
      try {
        const { id } = await api('POST', '/api/invocations', { problem: slug, source: sourceNow(), language: languageNow(), input: input.value });
        const r = await poll(`/api/invocations/${id}`, () => {});
        const cls = r.verdict === 'AC' ? 'verdict-accepted' : 'verdict-rejected';
        // An interactive problem's run is a game: say who won, and label the interactor's words.
        const game = invocation.dataset.interactive === '1';
        const words =
          r.verdict === 'AC' ? T(game ? 'You won the game against the judge' : 'Same answer as the reference')
          : r.verdict === 'WA' ? T(game ? 'You lost the game (see why below)' : 'Differs from the reference')
          : T(VERDICT_WORDS[r.verdict]);
        show(
          result,
          el('p', { class: `${cls} invocation-verdict` }, words),
          r.verdict === 'CE' ? el('pre', { class: 'message' }, r.compileOutput || '') : el('p', { class: 'hint' }, F('{0} ms, {1} KiB', r.timeMs ?? 0, r.memoryKb ?? 0) + (r.exitCode !== null ? `, ${F('exit code {0}', r.exitCode)}` : '')),
          r.verdict === 'CE' ? null : el('div', { class: 'side-by-side' }, r.moves ? dialogueBlock(r.moves) : block(T('Your output'), r.output ?? ''), block(T('Reference output'), r.expected ?? '')),
          r.message && r.verdict !== 'CE' && game ? el('p', { class: 'checker-message' }, el('span', { class: 'label' }, T('Interactor:'))) : null,
          r.message && r.verdict !== 'CE' ? el('pre', { class: 'message' }, r.message) : null,
          r.stderr ? block(T('Standard error'), r.stderr) : null,
        );
      } catch (err) {
        show(result, el('p', { class: 'verdict-failed' }, String(err.message || err)));
      } finally {
        button.disabled = false;
      }
    });
  }
})();
