import type { Page } from 'playwright-core';

/** An Ace editor of a page (the problem page's is `editor`, the lab's own game `lab-source-editor`), driven as a student's typing would end up. */
type AceWindow = { ace: { edit(el: string): { setValue(s: string, cursor?: number): void; getValue(): string } } };

export const setSource = (p: Page, source: string, id = 'editor') => p.evaluate(([src, el]) => (window as unknown as AceWindow).ace.edit(el).setValue(src, 1), [source, id] as const);
export const getSource = (p: Page, id = 'editor') => p.evaluate((el) => (window as unknown as AceWindow).ace.edit(el).getValue(), id);

/**
 * Clicks into an Ace editor as a student would, and waits until its input has the keyboard focus:
 * Ace may move the focus a moment after the click, and text typed before that goes nowhere.
 */
export async function clickIntoEditor(p: Page, id = 'editor'): Promise<void> {
  await p.click(`#${id} .ace_content`);
  await p.waitForFunction((el) => document.activeElement?.classList.contains('ace_text-input') === true && document.getElementById(el)?.contains(document.activeElement) === true, id, { timeout: 10_000 });
}
