import { detectedNow } from '../languages/toolchains';
import type { LanguageId } from '../languages/types';

/** The judge's language id a package's C++, C or Python is judged as (the format's C++ is C++17, C is C11, Python is Python 3). */
export const NATIVE_ID = { cpp: 'cpp17', c: 'c11', python: 'python3' } as const satisfies Record<string, LanguageId>;
export type NativePackageLanguage = keyof typeof NATIVE_ID;

export function isNativePackageLanguage(language: string): language is NativePackageLanguage {
  return Object.hasOwn(NATIVE_ID, language);
}

/** null when the judge runs the language here, else why not (detection's sentence). */
export function nativeUnavailable(language: NativePackageLanguage): string | null {
  const d = detectedNow()?.[NATIVE_ID[language]];
  if (!d) return 'the judge has not detected its compiler here';
  return d.ok ? null : d.reason;
}
