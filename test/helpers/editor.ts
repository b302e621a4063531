import type { Page } from 'playwright-core';

/** The problem page's Ace editor, driven as a student's typing would end up. */
type AceWindow = { ace: { edit(el: string): { setValue(s: string, cursor?: number): void; getValue(): string } } };

export const setSource = (p: Page, source: string) => p.evaluate((src) => (window as unknown as AceWindow).ace.edit('editor').setValue(src, 1), source);
export const getSource = (p: Page) => p.evaluate(() => (window as unknown as AceWindow).ace.edit('editor').getValue());
