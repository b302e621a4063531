// The class standings follow new verdicts by themselves: the table is redrawn from
// GET /api/class/standings every second, in the order the page was asked for (?sort=name|solved).
(() => {
  'use strict';
  const table = document.getElementById('standings');
  if (!table) return;
  const sort = table.dataset.sort;
  const tbody = table.tBodies[0];
  const pad = (n) => String(n).padStart(2, '0');
  const when = (iso) => {
    const d = new Date(iso);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  };
  const text = (c) => (c.state === 'solved' ? `AC ${when(c.firstAcAt)} after ${c.tries} rejected` : c.state === 'tried' ? `tried ${c.tries}` : '');
  const cell = (student, c) => {
    const td = document.createElement('td');
    td.className = `cell cell-${c.state}`;
    td.dataset.problem = c.problem;
    const a = document.createElement('a');
    a.href = `/submissions?problem=${encodeURIComponent(c.problem)}&author=${encodeURIComponent(student)}`;
    a.textContent = text(c);
    td.append(a);
    return td;
  };
  const draw = (data) => {
    const students = [...data.students];
    if (sort !== 'name') students.sort((a, b) => b.solved - a.solved || a.name.localeCompare(b.name));
    tbody.replaceChildren(
      ...students.map((s) => {
        const tr = document.createElement('tr');
        tr.dataset.student = s.name;
        const name = document.createElement('td');
        name.className = 'student';
        name.textContent = s.name;
        const solved = document.createElement('td');
        solved.className = 'num solved';
        solved.textContent = String(s.solved);
        tr.append(name, solved, ...s.cells.map((c) => cell(s.name, c)));
        return tr;
      }),
    );
  };
  const tick = async () => {
    try {
      const res = await fetch('/api/class/standings');
      if (res.ok) draw(await res.json());
    } catch {
      // The next tick tries again.
    }
    setTimeout(tick, 1000);
  };
  setTimeout(tick, 1000);
})();
