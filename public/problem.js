// Problem page: copy buttons for samples, and the code editor (public/code-editor.js) over the plain textarea.
(() => {
  'use strict';

  // The interface's words in the page's language (public/api.js); English by default.
  const uiText = window.sgText;

  // The statement's "English 中文" links are plain links: ?lang= reloads the page in that language, so
  // the statement and the rest of the interface change together (the draft is kept in localStorage).

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
      // The editorial's links carry how many hints are shown, so asking for it keeps them.
      for (const link of document.querySelectorAll('.editorial a[href^="?"]')) {
        const target = new URL(link.href, location.href);
        target.searchParams.set('hints', String(n));
        link.href = target.search + target.hash;
      }
      if (n >= hint.total) {
        const done = document.createElement('p');
        done.className = 'hint';
        done.textContent = uiText('That was the last hint.');
        reveal.replaceWith(done);
        // The button is gone: focus moves to the hint just shown, so the keyboard keeps its place.
        item.tabIndex = -1;
        item.focus();
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
  // The draft's source and its language are kept together: a JavaScript draft must come back as
  // JavaScript (judged as TypeScript it gets CE). The language last used is the next problem's default.
  // All three are per person in accounts mode (two students may share a browser); unchanged locally.
  const person = document.querySelector('meta[name="sg-person"]');
  const who = person ? `:${person.content}` : '';
  const draftKey = `draft${who}:${slug}`;
  const draftLanguageKey = `draft-language${who}:${slug}`;
  const LAST_LANGUAGE_KEY = `language${who}`;
  const store = {
    get: (k) => {
      try {
        return localStorage.getItem(k);
      } catch {
        return null;
      }
    },
    set: (k, v) => {
      try {
        localStorage.setItem(k, v);
      } catch {
        // A full or disabled storage loses the draft, never the page.
      }
    },
  };
  const STARTERS = (() => {
    try {
      return JSON.parse(document.getElementById('starter-code').textContent);
    } catch {
      return {};
    }
  })();

  const languageSelect = form.querySelector('select[name=language]');
  // The languages this judge offers (the menu's options), with their editor modes and file extensions.
  const MODES = (() => {
    try {
      return JSON.parse(document.getElementById('language-modes').textContent);
    } catch {
      return {};
    }
  })();
  const known = (lang) => typeof lang === 'string' && Object.hasOwn(MODES, lang);
  // A refused form, or "Edit and resubmit", comes with its code and language: they win over the draft.
  const refused = document.querySelector('.form-error') || form.dataset.prefilled === '1';
  if (languageSelect && !refused) {
    // A refused form keeps the language it was sent with (the server selected it).
    const saved = store.get(draftLanguageKey) || store.get(LAST_LANGUAGE_KEY);
    if (known(saved)) languageSelect.value = saved;
  }
  const languageNow = () => (languageSelect && known(languageSelect.value) ? languageSelect.value : 'typescript');
  const starterFor = (lang) => STARTERS[lang] || '';
  const isStarter = (text) => Object.values(STARTERS).includes(text);
  const rememberLanguage = () => {
    store.set(draftLanguageKey, languageNow());
    store.set(LAST_LANGUAGE_KEY, languageNow());
  };

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

  const modeFor = (lang) => (MODES[lang] && MODES[lang].mode) || 'ace/mode/typescript';
  const editor = window.sgCodeEditor(textarea, holder, { mode: modeFor(languageNow()), label: 'Source code' });
  // The starter for the chosen language, selected: the first keystroke or paste replaces it.
  let starterShown = false;
  const showStarter = () => {
    editor.session.setValue(starterFor(languageNow()));
    editor.selectAll();
    starterShown = true;
  };
  if (editor) {
    const start = (refused ? textarea.value : store.get(draftKey)) || textarea.value.trim();
    if (start) editor.session.setValue(start);
    else showStarter();
    // Typing or pasting into the untouched starter replaces it (wherever the cursor is).
    editor.commands.on('exec', (e) => {
      if (starterShown && (e.command.name === 'insertstring' || e.command.name === 'paste')) {
        starterShown = false;
        editor.session.setValue('');
      }
    });
    editor.session.on('change', () => {
      const text = editor.getValue();
      if (!isStarter(text)) starterShown = false;
      // The untouched starter is not a draft: the next visit shows the starter of that day's language.
      if (isStarter(text) || text === '') store.set(draftKey, '');
      else {
        store.set(draftKey, text);
        rememberLanguage();
      }
    });
    editor.commands.addCommand({ name: 'submitSolution', bindKey: { win: 'Ctrl-Enter', mac: 'Command-Enter' }, exec: submitNow });
  }
  if (languageSelect) {
    languageSelect.addEventListener('change', () => {
      rememberLanguage();
      if (!editor) return;
      editor.session.setMode(modeFor(languageNow()));
      // The other language's untouched starter is swapped for this one's.
      if (isStarter(editor.getValue())) showStarter();
    });
  }

  const fileInput = form.querySelector('input[type=file]');
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    if (!file || !editor) return;
    // The language follows the file's extension (.ts, .js, .cpp, .py …): the first offered one that
    // takes it, the one already chosen when it takes it too (a .cpp file keeps C++20 chosen).
    const ext = (/\.([^.]+)$/.exec(file.name) || [])[1];
    const takes = (lang) => ext && MODES[lang] && MODES[lang].extensions.includes(ext.toLowerCase());
    if (languageSelect && ext && !takes(languageSelect.value)) {
      const match = Object.keys(MODES).find(takes);
      if (match) languageSelect.value = match;
    }
    languageSelect && languageSelect.dispatchEvent(new Event('change'));
    // Show the file in the editor and send it from there, so later edits are what gets judged.
    editor.session.setValue(await file.text());
    fileInput.value = '';
  });

  // The stress, sample and custom-invocation panels judge whatever is in the editor right now.
  window.sgEditorSource = () => (editor ? editor.getValue() : textarea.value);
  window.sgEditorLanguage = languageNow;

  form.addEventListener('submit', () => {
    if (editor) textarea.value = editor.getValue();
    rememberLanguage();
  });
  document.addEventListener('keydown', (e) => {
    // Ctrl+' (Cmd+' on a Mac) runs the samples from anywhere on the page, as in CPH.
    if (e.key === "'" && (e.ctrlKey || e.metaKey) && !e.altKey && window.sgRunSamples) {
      e.preventDefault();
      window.sgRunSamples();
    }
  });
})();
