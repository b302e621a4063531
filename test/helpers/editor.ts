import type { Page } from 'playwright-core';

/** An Ace editor of a page (the problem page's is `editor`, the lab's own game `lab-source-editor`), driven as a student's typing would end up. */
type AceWindow = { ace: { edit(el: string): { setValue(s: string, cursor?: number): void; getValue(): string } } };

export const setSource = (p: Page, source: string, id = 'editor') => p.evaluate(([src, el]) => (window as unknown as AceWindow).ace.edit(el).setValue(src, 1), [source, id] as const);
export const getSource = (p: Page, id = 'editor') => p.evaluate((el) => (window as unknown as AceWindow).ace.edit(el).getValue(), id);
