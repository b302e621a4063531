// /problems/new: the statement previews (rendered by the server, raw HTML shown as text), the
// reference in the Ace editor, the draft posted as JSON, its checks followed as they run, Publish
// once they all pass. With ?draft=ID (from the lab) only the checks and Publish are shown.
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const form = $('draft-form');
  if (!form) return;
  const words = JSON.parse($('draft-words').textContent);
  const W = (w) => words[w] || w;
  const status = $('draft-status');
  const say = (text, bad) => {
    status.textContent = text;
    status.classList.toggle('verdict-rejected', !!bad);
  };

  const previews = [['draft-statement-en', 'draft-preview-en'], ['draft-statement-zh', 'draft-preview-zh']];
  for (const [from, to] of previews) {
    let timer = null;
    let asked = 0;
    $(from).addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const mine = ++asked;
        const r = await fetch('/api/problem-drafts/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ markdown: $(from).value }) });
        const answer = await r.json().catch(() => ({}));
        // The server's HTML: raw HTML of the statement is already text in it (renderUntrustedMarkdown).
        if (mine === asked && r.ok) $(to).innerHTML = answer.html;
        // A statement that would not render in bound (too large, too deep, too slow): the sentence, as publishing would say it.
        else if (mine === asked && typeof answer.error === 'string') $(to).textContent = answer.error;
      }, 250);
    });
  }

  const editor = window.sgCodeEditor ? window.sgCodeEditor($('draft-reference'), $('draft-reference-editor'), { mode: 'ace/mode/typescript', label: form.querySelector('label[for="draft-reference"]').textContent }) : null;
  if (editor) editor.session.on('change', () => ($('draft-reference').value = editor.getValue()));

  const uploaded = [];
  $('draft-test-files').addEventListener('change', async (e) => {
    uploaded.length = 0;
    for (const f of e.target.files) uploaded.push({ input: await f.text() });
  });

  const typedTests = () =>
    $('draft-tests').value
      .split(/^---[ \t]*$/m)
      .map((t) => t.replace(/^\n/, ''))
      .filter((t) => t.trim() !== '')
      .map((t) => ({ input: t.endsWith('\n') ? t : `${t}\n` }));

  const row = (r) => {
    const tr = document.createElement('tr');
    const verdict = r.verdict === null ? W('not run yet') : `${r.verdict}${r.failedTest ? ` (${r.failedTest})` : ''}`;
    for (const text of [r.name, r.expected, verdict]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    if (r.verdict !== null) tr.className = r.verdict === r.expected ? 'verdict-accepted' : 'verdict-rejected';
    return tr;
  };

  let current = null;
  async function follow(id) {
    current = id;
    for (;;) {
      const r = await fetch(`/api/problem-drafts/${id}`);
      const d = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
      if (!r.ok) return say(d.error, true);
      say(`${d.slug}: ${W(d.status)}`, d.status === 'failed');
      $('draft-rows').replaceChildren(...d.solutions.map(row));
      $('draft-reasons').replaceChildren(...d.reasons.map((reason) => Object.assign(document.createElement('li'), { textContent: reason })));
      $('draft-publish').disabled = d.status !== 'ready' || d.published;
      if (d.status === 'ready' || d.status === 'failed') return;
      await new Promise((res) => setTimeout(res, 500));
    }
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const zh = $('draft-title-zh').value.trim();
    const statementZh = $('draft-statement-zh').value;
    const sample = { input: $('draft-sample-in').value };
    if ($('draft-sample-out').value.trim() !== '') sample.output = $('draft-sample-out').value;
    const body = {
      slug: $('draft-slug').value.trim(),
      title: zh ? { en: $('draft-title-en').value.trim(), zh } : { en: $('draft-title-en').value.trim() },
      statement: statementZh.trim() ? { en: $('draft-statement-en').value, zh: statementZh } : { en: $('draft-statement-en').value },
      limits: { timeMs: Number($('draft-time').value), memoryMb: Number($('draft-memory').value) },
      samples: [sample],
      tests: [...typedTests(), ...uploaded],
      reference: $('draft-reference').value,
    };
    if ($('draft-generator').value.trim()) body.generator = $('draft-generator').value;
    if ($('draft-wrong').value.trim()) body.wrong = [$('draft-wrong').value];
    const r = await fetch('/api/problem-drafts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) return say(answer.error, true);
    follow(answer.id);
  });

  $('draft-publish').addEventListener('click', async () => {
    if (!current) return;
    const r = await fetch(`/api/problem-drafts/${current}/publish`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) return say((answer.reasons || [answer.error]).join(' '), true);
    $('draft-publish').disabled = true;
    const link = Object.assign(document.createElement('a'), { href: answer.problem, textContent: answer.slug });
    $('draft-published').replaceChildren(`${W('Published:')} `, link);
    if (answer.newVersion) offerRejudge(answer.slug);
  });

  // A new version of a published problem: earlier submissions were judged on the old tests, so
  // the teacher is offered a rejudge of the problem (POST /api/rejudge, low priority).
  function offerRejudge(slug) {
    const note = document.createElement('p');
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: W('Rejudge its submissions') });
    note.append(`${W('This replaced an earlier version: its submissions keep their verdicts until rejudged.')} `, button);
    $('draft-published').after(note);
    button.addEventListener('click', async () => {
      button.disabled = true;
      const r = await fetch('/api/rejudge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: slug }) });
      const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
      if (!r.ok) {
        button.disabled = false;
        return say(answer.error, true);
      }
      const link = Object.assign(document.createElement('a'), { href: `/rejudge/${answer.id}`, textContent: `#${answer.id}` });
      note.replaceChildren(`${W('Rejudge started:')} `, link);
    });
  }

  if (form.dataset.draft) follow(form.dataset.draft);
})();
