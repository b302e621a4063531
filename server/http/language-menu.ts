import { languageStatuses } from '../languages/detect';
import { languageSpec, type LanguageId } from '../languages/registry';
import { detectedNow } from '../languages/toolchains';
import { sayIn } from '../text/messages';

export interface LanguageOption {
  id: LanguageId;
  name: string;
  selected: boolean;
  /** The Ace mode the editor switches to. */
  mode: string;
  /** The file extension (upload, download). */
  extension: string;
}

export interface LanguageMenu {
  options: LanguageOption[];
  /** Languages this judge does not offer, each with its sentence ("C++ is not available on this judge: install g++"). */
  missing: { id: LanguageId; name: string; reason: string }[];
  /** What the extensions say, for the editor's upload (JSON). */
  json: string;
  /** Whether a native language (C++, Python) is offered: the page then says how they are compiled. */
  native: boolean;
}

/**
 * The editor's language menu: every language this judge offers (detection's result), the one
 * asked for selected; the others are named with why they are not offered, never silently left out.
 */
export function languageMenu(selected: string | undefined, lang: 'en' | 'zh'): LanguageMenu {
  const statuses = languageStatuses(detectedNow());
  const offered = statuses.filter((s) => s.available);
  const pick = offered.some((s) => s.id === selected) ? selected : 'typescript';
  const options = offered.map((s) => {
    const spec = languageSpec(s.id as LanguageId);
    return { id: spec.id, name: spec.name, selected: spec.id === pick, mode: spec.aceMode, extension: spec.extension };
  });
  // C++17 and C++20 missing for one reason are one sentence.
  const missing = statuses
    .filter((s) => !s.available)
    .map((s) => ({ id: s.id as LanguageId, name: s.name, reason: s.said ? sayIn(s.said, lang) : (s.reason ?? '') }))
    .filter((m, i, all) => all.findIndex((o) => o.reason === m.reason) === i);
  const json = JSON.stringify(Object.fromEntries(options.map((o) => [o.id, { mode: o.mode, extensions: languageSpec(o.id).extensions }]))).replace(/</g, '\\u003c');
  return { options, missing, json, native: options.some((o) => languageSpec(o.id).native !== null) };
}
