// Submission page: follows judging through the page's event stream (public/live.js) ("Compiling", "Running on test 7",
// one row per finished test), then swaps in the final server-rendered page without a reload.
(() => {
  'use strict';
  const root = document.getElementById('submission');
  if (!root || root.dataset.done === '1' || !window.sgLive) return;

  const status = document.getElementById('status');
  const tests = document.getElementById('tests');
  let done = false;

  const onStatus = (e) => {
    const s = JSON.parse(e.data);
    status.textContent = s.text;
    status.className = s.className;
  };

  const onTest = (e) => {
    const t = JSON.parse(e.data);
    let row = tests.querySelector(`tr[data-test="${t.index}"]`);
    if (!row) {
      row = document.createElement('tr');
      row.dataset.test = t.index;
      for (let i = 0; i < 4; i++) row.appendChild(document.createElement('td'));
      row.cells[2].className = row.cells[3].className = 'num';
      tests.appendChild(row);
      tests.closest('section').hidden = false;
    }
    row.cells[0].textContent = t.index;
    row.cells[1].textContent = t.verdictText;
    row.cells[1].className = t.verdictClass;
    row.cells[2].textContent = `${t.timeMs} ms`;
    row.cells[3].textContent = `${t.memoryKb.toLocaleString('en-US')} KiB`;
  };

  const onDone = async (e) => {
    if (done) return;
    done = true;
    const s = JSON.parse(e.data);
    status.textContent = s.text;
    status.className = s.className;
    // The final page adds what only the server renders: compile output and the failing test.
    try {
      const res = await fetch(location.href, { headers: { Accept: 'text/html' } });
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const fresh = doc.getElementById('submission');
      if (fresh) root.replaceWith(fresh);
    } catch {
      // The live status is already final; the details appear on the next visit.
    }
  };

  // The page's one stream (public/live.js); it ends by itself once the submission is judged.
  window.sgLive.follow(`submission:${root.dataset.id}`, { status: onStatus, test: onTest, done: onDone });
})();
