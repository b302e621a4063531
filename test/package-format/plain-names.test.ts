import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPackage, writePackage } from '../../server/package-format/export';
import { parsePackage } from '../../server/package-format/parse';
import { typesetSafeName } from '../../server/package-format/plain-names';

/**
 * problemtools typesets problem.yaml's name as LaTeX, so `E&D` and `Nim_k` broke its statement
 * step: the export writes LaTeX's special characters full-width there and the exact names in
 * sg-judge/names.json, which the import takes back while problem.yaml still says what was written.
 */
const work = mkdtempSync(join(tmpdir(), 'sg-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('names problemtools can typeset', () => {
  it('every LaTeX special character is written full-width; plain text stays as it is', () => {
    expect(typesetSafeName("Moore's Nim_k")).toBe("Moore's Nim＿k");
    expect(typesetSafeName('#$%&_{}~^\\')).toBe('＃＄％＆＿｛｝～＾＼');
    expect(typesetSafeName('Nim 游戏 (Moore) <1> |x|')).toBe('Nim 游戏 (Moore) <1> |x|');
  });

  it('export of ed: E＆D in problem.yaml, E&D back on import; an edited name is taken as edited', async () => {
    const dir = writePackage(await exportPackage('ed'), work);
    const yaml = readFileSync(join(dir, 'problem.yaml'), 'utf8');
    expect(yaml).toContain('en: "E＆D"');
    expect(yaml).not.toMatch(/(en|zh): "E&D"/);
    expect(JSON.parse(readFileSync(join(dir, 'sg-judge/names.json'), 'utf8'))).toEqual({ en: 'E&D', zh: 'E&D' });
    const back = parsePackage(dir);
    expect(back.ok && back.pkg.name).toEqual({ en: 'E&D', zh: 'E&D' });
    writeFileSync(join(dir, 'problem.yaml'), yaml.replace('en: "E＆D"', 'en: "Erase and Divide"'));
    const edited = parsePackage(dir);
    expect(edited.ok && edited.pkg.name).toEqual({ en: 'Erase and Divide', zh: 'E＆D' });
  });
});
