// The upload on /class: the chosen zip is sent as the raw body of POST /api/problems/import (with
// the page's CSRF token in accounts mode), which queues the import and answers 202 with its id;
// the page then follows GET /api/problems/import/:id, showing where it is, the solution table as
// it runs, and at the end the notes or every reason for a refusal.
(() => {
  'use strict';
  const form = document.querySelector('.import-form');
  if (!form) return;
  const out = document.querySelector('.import-result');
  const csrf = document.querySelector('meta[name="csrf-token"]');
  const POLL_MS = 500;
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  function render(data, ok) {
    const parts = [];
    if (data.status === 'queued' || data.status === 'running') {
      parts.push(el('p', `${data.status === 'queued' ? form.dataset.queued : form.dataset.running} …`, 'import-status'));
    } else if (ok && data.status === 'done') {
      const p = el('p', `${form.dataset.done}: `, 'import-done');
      const a = el('a', data.slug);
      a.href = `/problems/${data.slug}`;
      p.append(a);
      parts.push(p);
    } else {
      parts.push(el('p', `${form.dataset.refused}: ${data.error}`, 'import-refused'));
      const list = el('ul', undefined, 'import-reasons');
      for (const r of data.reasons || []) list.append(el('li', r));
      if (list.children.length) parts.push(list);
    }
    if (data.solutions && data.solutions.length) {
      parts.push(el('h3', form.dataset.table));
      const table = el('table', undefined, 'grid compact import-table');
      for (const s of data.solutions) {
        const row = el('tr');
        row.append(el('td', `${s.folder}/${s.name}`), el('td', s.rules || s.expected), el('td', s.got === null ? '—' : s.got), el('td', s.got === null ? s.note : s.ok ? '✓' : `✗ ${s.note || ''}`));
        table.append(row);
      }
      parts.push(table);
    }
    if (data.notes && data.notes.length) {
      parts.push(el('h3', form.dataset.notes));
      const list = el('ul');
      for (const n of data.notes) list.append(el('li', n));
      parts.push(list);
    }
    out.replaceChildren(...parts);
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const file = form.elements.package.files[0];
    if (!file) return;
    const as = form.elements.as.value.trim();
    const button = form.querySelector('.import-run');
    button.disabled = true;
    out.hidden = false;
    out.replaceChildren(el('p', '…'));
    try {
      const headers = { 'Content-Type': 'application/zip', Accept: 'application/json', 'X-File-Name': file.name.replace(/[^\w.-]/g, '_') };
      if (csrf) headers['X-CSRF-Token'] = csrf.content;
      const res = await fetch(`/api/problems/import${as ? `?as=${encodeURIComponent(as)}` : ''}`, { method: 'POST', headers, body: file });
      let data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
      if (res.status !== 202) {
        render({ ...data, status: 'refused' }, false);
        return;
      }
      const url = `/api/problems/import/${data.id}`;
      render(data, true);
      for (;;) {
        await sleep(POLL_MS);
        const r = await fetch(url, { headers: { Accept: 'application/json' } });
        data = await r.json().catch(() => ({ status: 'refused', error: `HTTP ${r.status}` }));
        if (!r.ok) data = { ...data, status: 'refused' };
        render(data, r.ok);
        if (data.status !== 'queued' && data.status !== 'running') break;
      }
    } catch (e) {
      out.replaceChildren(el('p', String(e), 'import-refused'));
    } finally {
      button.disabled = false;
    }
  });
})();
