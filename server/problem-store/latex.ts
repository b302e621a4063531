/**
 * A LaTeX statement (problem.<lang>.tex, as problemtools writes them) as Markdown: its text with
 * the maths left as `$…$` for KaTeX, sections as headings, emphasis, lists and verbatim blocks
 * turned into their Markdown forms. Commands it does not know keep their argument's text; this is
 * a reading aid, not a LaTeX engine, and the import says so in its notes.
 */
export function latexToMarkdown(tex: string): string {
  let s = tex.replace(/\r\n/g, '\n');
  // Comments (not escaped percent signs).
  s = s.replace(/(^|[^\\])%.*$/gm, '$1');
  s = s.replace(/\\begin\{problem\}\{([^}]*)\}(?:\{[^}]*\}){0,3}/g, '');
  s = s.replace(/\\end\{problem\}/g, '');
  s = s.replace(/\\begin\{verbatim\}\n?([\s\S]*?)\\end\{verbatim\}/g, (_, body: string) => `\n\`\`\`\n${body.replace(/\n$/, '')}\n\`\`\`\n`);
  s = s.replace(/\\(?:sub)*section\*?\{([^}]*)\}/g, (_, t: string) => `\n## ${t}\n`);
  s = s.replace(/\\(?:textbf|bf)\{([^}]*)\}/g, '**$1**');
  s = s.replace(/\\(?:emph|textit|it)\{([^}]*)\}/g, '*$1*');
  s = s.replace(/\\texttt\{([^}]*)\}/g, '`$1`');
  s = s.replace(/\\begin\{(?:itemize|enumerate)\}|\\end\{(?:itemize|enumerate)\}/g, '');
  s = s.replace(/^\s*\\item\s*/gm, '- ');
  s = s.replace(/\\\[([\s\S]*?)\\\]/g, (_, m: string) => `\n$$${m.trim()}$$\n`);
  s = s.replace(/\\\(([\s\S]*?)\\\)/g, (_, m: string) => `$${m.trim()}$`);
  s = s.replace(/\\begin\{(equation\*?|align\*?)\}([\s\S]*?)\\end\{\1\}/g, (_, _e: string, m: string) => `\n$$${m.trim()}$$\n`);
  // Outside maths, the few text commands left: keep their argument.
  s = s.split(/(\$\$[\s\S]*?\$\$|\$[^$]*\$)/).map((part, i) => (i % 2 ? part : part.replace(/\\[a-zA-Z]+\*?\{([^}]*)\}/g, '$1').replace(/\\([%&#_$])/g, '$1').replace(/~/g, ' ').replace(/\\\\/g, '\n'))).join('');
  return `${s.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
