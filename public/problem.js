// Problem page: statement language switch (remembered in a cookie, like the ?lang= links),
// copy buttons for samples, and the Ace code editor over the plain textarea.
(() => {
  'use strict';

  // The interface's words in the page's language (see server/http/ui-text.ts); English by default.
  const UI_WORDS = (() => {
    try {
      return JSON.parse(document.getElementById('ui-text').textContent);
    } catch {
      return {};
    }
  })();
  const uiText = (s) => UI_WORDS[s] || s;

  function showLang(lang) {
    for (const el of document.querySelectorAll('section.statement')) el.hidden = el.dataset.lang !== lang;
    for (const a of document.querySelectorAll('.lang-switch a')) {
      a.classList.toggle('current', a.dataset.lang === lang);
      if (a.dataset.lang === lang) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
    document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  }
  for (const a of document.querySelectorAll('.lang-switch a')) {
    a.addEventListener('click', (e) => {
      e.preventDefault();
      showLang(a.dataset.lang);
    });
  }

  for (const button of document.querySelectorAll('.copy-button')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const text = document.getElementById(button.dataset.copy).textContent;
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        // Clipboard API needs a secure context; fall back to selecting the text for Ctrl+C.
        const range = document.createRange();
        range.selectNodeContents(document.getElementById(button.dataset.copy));
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        return;
      }
      const label = button.textContent;
      button.classList.add('copied');
      button.textContent = '✓';
      setTimeout(() => {
        button.classList.remove('copied');
        button.textContent = label;
      }, 1200);
    });
  }

  // Hints: the next one is fetched in place; the address keeps ?hints=N so a reload shows as many.
  const reveal = document.querySelector('.reveal-hint');
  if (reveal) {
    reveal.addEventListener('click', async (e) => {
      e.preventDefault();
      const n = Number(reveal.dataset.next);
      const visible = document.querySelector('section.statement:not([hidden])');
      const lang = visible ? visible.dataset.lang : 'en';
      const slugNow = document.querySelector('article.problem').dataset.slug;
      const res = await fetch(`/api/problems/${slugNow}/hints/${n}?lang=${lang}`);
      if (!res.ok) {
        location.href = reveal.href;
        return;
      }
      const hint = await res.json();
      const item = document.createElement('li');
      item.className = 'hint-item';
      item.dataset.n = String(n);
      item.innerHTML = hint.html; // rendered by the server from the package's own markdown
      document.querySelector('.hint-list').append(item);
      const url = new URL(location.href);
      url.searchParams.set('hints', String(n));
      history.replaceState(null, '', url.pathname + url.search + url.hash);
      if (n >= hint.total) {
        const done = document.createElement('p');
        done.className = 'hint';
        done.textContent = uiText('That was the last hint.');
        reveal.replaceWith(done);
      } else {
        reveal.dataset.next = String(n + 1);
        reveal.href = `?hints=${n + 1}#hints`;
        reveal.textContent = uiText('Show hint {0} of {1}').replace('{0}', String(n + 1)).replace('{1}', String(hint.total));
        reveal.focus();
      }
    });
  }

  const textarea = document.getElementById('source');
  const holder = document.getElementById('editor');
  const form = textarea && textarea.form;
  if (!form) return;
  const slug = document.querySelector('article.problem').dataset.slug;
  // Drafts are per person in accounts mode (two students may share a browser); unchanged locally.
  const person = document.querySelector('meta[name="sg-person"]');
  const draftKey = person ? `draft:${person.content}:${slug}` : `draft:${slug}`;

  const languageSelect = form.querySelector('select[name=language]');
  const submitButton = form.querySelector('button.primary');
  // Ctrl+Enter (Cmd+Enter on a Mac) submits, from the editor or the plain textarea.
  const submitNow = () => {
    if (editor) textarea.value = editor.getValue();
    form.requestSubmit(submitButton);
  };
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submitNow();
    }
  });

  let editor = null;
  if (window.ace && holder) {
    window.ace.config.set('basePath', '/vendor/ace');
    holder.hidden = false;
    textarea.hidden = true;
    editor = window.ace.edit(holder, {
      mode: languageSelect && languageSelect.value === 'javascript' ? 'ace/mode/javascript' : 'ace/mode/typescript',
      // Tab and Esc leave the editor: focus lands on its frame, Enter starts typing, Esc stops.
      enableKeyboardAccessibility: true,
      theme: window.matchMedia('(prefers-color-scheme: dark)').matches ? 'ace/theme/tomorrow_night' : 'ace/theme/chrome',
      tabSize: 2,
      useSoftTabs: true,
      showPrintMargin: false,
      useWorker: false,
    });
    // A refused form comes back with its code in the textarea: that wins over the saved draft.
    const refused = document.querySelector('.form-error');
    editor.session.setValue((refused ? textarea.value : localStorage.getItem(draftKey)) || textarea.value);
    editor.session.on('change', () => localStorage.setItem(draftKey, editor.getValue()));
    editor.commands.addCommand({ name: 'submitSolution', bindKey: { win: 'Ctrl-Enter', mac: 'Command-Enter' }, exec: submitNow });
    // The editor's hidden input gets a name a screen reader can say.
    editor.textInput.getElement().setAttribute('aria-label', 'Source code');
    if (languageSelect) {
      languageSelect.addEventListener('change', () => editor.session.setMode(languageSelect.value === 'javascript' ? 'ace/mode/javascript' : 'ace/mode/typescript'));
    }
  }

  const fileInput = form.querySelector('input[type=file]');
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    if (!file || !editor) return;
    // Show the file in the editor and send it from there, so later edits are what gets judged.
    editor.session.setValue(await file.text());
    fileInput.value = '';
  });

  // The stress and custom-invocation panels judge whatever is in the editor right now.
  window.sgEditorSource = () => (editor ? editor.getValue() : textarea.value);
  window.sgEditorLanguage = () => (languageSelect ? languageSelect.value : 'typescript');

  form.addEventListener('submit', () => {
    if (editor) textarea.value = editor.getValue();
  });
})();
