// A round's messages, live (server/http/round-live.ts): each question, answer or announcement
// arrives as its list item, drawn by the server in the page's language; an answer replaces its
// question's item. On a problem page only the newest few are kept (data-keep).
(() => {
  'use strict';
  const list = document.querySelector('ul.contest-messages[data-contest]');
  if (!list || !window.sgLive) return;
  const keep = Number(list.dataset.keep || 0);
  const empty = document.querySelector('.empty-messages');
  const item = (html) => {
    const t = document.createElement('template');
    t.innerHTML = html.trim();
    return t.content.firstElementChild;
  };
  window.sgLive.follow(`round:${list.dataset.contest}`, {
    message: (e) => {
      const data = JSON.parse(e.data);
      const li = item(data.html);
      if (!li) return;
      const old = list.querySelector(`li[data-id="${Number(data.id)}"]`);
      if (old) old.replaceWith(li);
      else list.prepend(li);
      if (empty) empty.hidden = true;
      if (keep > 0) while (list.children.length > keep) list.lastElementChild.remove();
    },
  });
})();
