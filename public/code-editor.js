// The code editor of the problem page and the lab: Ace (node_modules/ace-builds, served under
// /vendor/ace) laid over a plain textarea, which stays the no-JavaScript path and what a form posts.
// Tab indents inside the editor; Esc leaves it (focus moves to the editor's frame, Tab then moves on,
// Enter goes back to typing), so a keyboard is never trapped.
(() => {
  'use strict';
  /** An Ace editor in `holder` in place of `textarea` (hidden), or null without Ace. */
  window.sgCodeEditor = (textarea, holder, { mode, label }) => {
    if (!window.ace || !textarea || !holder) return null;
    window.ace.config.set('basePath', '/vendor/ace');
    holder.hidden = false;
    textarea.hidden = true;
    const editor = window.ace.edit(holder, {
      mode,
      enableKeyboardAccessibility: true,
      theme: window.matchMedia('(prefers-color-scheme: dark)').matches ? 'ace/theme/tomorrow_night' : 'ace/theme/chrome',
      tabSize: 2,
      useSoftTabs: true,
      showPrintMargin: false,
      useWorker: false,
    });
    // The editor's hidden input gets a name a screen reader can say.
    editor.textInput.getElement().setAttribute('aria-label', label);
    return editor;
  };
})();
