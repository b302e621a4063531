// The set form's problem picker: search by title, tick to choose, and order the chosen ones by
// dragging or with the arrow buttons. The order goes into the hidden "order" field; without this
// script the ticked problems go in the learning order.
(() => {
  'use strict';
  const t = (en, zh) => (document.documentElement.lang === 'zh' ? zh : en);
  for (const picker of document.querySelectorAll('fieldset.picker')) {
    const order = picker.querySelector('.picker-order');
    const chosen = picker.querySelector('.picker-chosen');
    const search = picker.querySelector('.picker-search');
    const boxes = [...picker.querySelectorAll('.picker-all input[type=checkbox]')];
    const titleOf = (slug) => boxes.find((b) => b.dataset.slug === slug)?.parentElement.textContent.replace(/^\s*\d+\.\s*/, '').trim() ?? slug;
    picker.querySelector('.picker-search-line').hidden = false;
    chosen.hidden = false;

    const slugs = () => [...chosen.children].map((li) => li.dataset.slug);
    const save = () => {
      order.value = slugs().join(',');
      chosen.classList.toggle('empty', chosen.children.length === 0);
    };
    const button = (label, text, move) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'picker-move';
      b.textContent = text;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => {
        move(b.closest('li'));
        save();
        b.focus();
      });
      return b;
    };
    const item = (slug) => {
      const li = document.createElement('li');
      li.dataset.slug = slug;
      li.draggable = true;
      const title = document.createElement('span');
      title.className = 'picker-title';
      title.textContent = titleOf(slug);
      li.append(
        title,
        button(t(`Move ${title.textContent} up`, `上移 ${title.textContent}`), '↑', (el) => el.previousElementSibling && el.previousElementSibling.before(el)),
        button(t(`Move ${title.textContent} down`, `下移 ${title.textContent}`), '↓', (el) => el.nextElementSibling && el.nextElementSibling.after(el)),
      );
      return li;
    };
    // The server listed the chosen ones as plain items: give them their buttons.
    chosen.replaceChildren(...slugs().map(item));
    // Ticked but not yet in the list (ticks kept after a refused form).
    for (const b of boxes) if (b.checked && !slugs().includes(b.dataset.slug)) chosen.append(item(b.dataset.slug));
    save();

    for (const b of boxes) {
      b.addEventListener('change', () => {
        const there = [...chosen.children].find((li) => li.dataset.slug === b.dataset.slug);
        if (b.checked && !there) chosen.append(item(b.dataset.slug));
        if (!b.checked && there) there.remove();
        save();
      });
    }
    search.addEventListener('input', () => {
      const q = search.value.trim().toLowerCase();
      for (const li of picker.querySelectorAll('.picker-all li')) li.hidden = q !== '' && !li.dataset.title.toLowerCase().includes(q);
    });

    let dragged = null;
    chosen.addEventListener('dragstart', (e) => {
      dragged = e.target.closest('li');
      e.dataTransfer.effectAllowed = 'move';
    });
    chosen.addEventListener('dragover', (e) => {
      const over = e.target.closest && e.target.closest('li');
      if (!dragged || !over || over === dragged) return;
      e.preventDefault();
      const after = e.clientY > over.getBoundingClientRect().top + over.offsetHeight / 2;
      if (after) over.after(dragged);
      else over.before(dragged);
    });
    chosen.addEventListener('dragend', () => {
      dragged = null;
      save();
    });
  }
})();
