import { describe, expect, it } from 'vitest';

/**
 * Every text of the portal exists in each language (issue 12): the Spanish catalogs have the English catalogs'
 * namespaces and keys (with Spanish plural forms), the same interpolation variables, and real translations.
 */

type Catalog = Record<string, string>;

const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

function catalogs(language: string): Map<string, Catalog> {
  const byNamespace = new Map<string, Catalog>();
  for (const [path, messages] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language) byNamespace.set(match[2], messages);
  }
  return byNamespace;
}

const en = catalogs('en');
const es = catalogs('es');

/** The plural forms i18next looks up in a language (`key_one`, `key_many`, ...), as this runtime's ICU gives them. */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Texts that may be the same in English and Spanish: names, units and words spelled alike. A text with no letters
 * outside its `{{variables}}` ('{{camera}}, {{time}}') has nothing to translate and needs no entry.
 */
const SAME_IN_BOTH: readonly (string | RegExp)[] = [
  'Argus', // the product's name
  'English', // each language's own name in the language menu
  'Español',
  'Beta', // words spelled alike in both languages
  'No',
  'AM/PM',
  /^(\d+|\{\{count\}\}) (s|min|h)$/, // durations with unit symbols: '{{count}} s', '15 min', '4 h'
  // chrono-node/es cannot read these phrases; the Spanish help shows them as English phrases the entry also accepts.
  '10 minutes ago',
  'last friday at noon',
];

const hasLettersToTranslate = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
const allowedSame = (text: string) =>
  SAME_IN_BOTH.some((allowed) => (typeof allowed === 'string' ? allowed === text : allowed.test(text)));
/** The names of a text's `{{variables}}` ('{{count}}', '{{ time, datetime }}'). */
const variables = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1]))].sort();

/** The plural bases of a catalog: 'deleted' for 'deleted_one' and 'deleted_other'. */
function pluralBases(catalog: Catalog): Set<string> {
  return new Set(
    Object.keys(catalog)
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  );
}

/** The keys a language's catalog must have for the English catalog's texts: plural keys in the language's forms. */
function expectedKeys(english: Catalog, language: string): string[] {
  const bases = pluralBases(english);
  const keys = Object.keys(english).filter((key) => !bases.has(key.replace(PLURAL_SUFFIX, '')));
  for (const base of bases) keys.push(...pluralForms(language).map((form) => `${base}_${form}`));
  return keys.sort();
}

/** The English text a translated key stands for: the same key, or `_other` for a plural form English lacks. */
function englishFor(english: Catalog, key: string): string | undefined {
  return english[key] ?? english[key.replace(PLURAL_SUFFIX, '_other')];
}

describe('locale catalogs', () => {
  it('has every namespace in both languages', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  describe.each([...en.keys()].sort())('namespace %s', (namespace) => {
    const english = en.get(namespace) ?? {};
    const spanish = es.get(namespace) ?? {};

    it('has the English plural forms for every English plural text', () => {
      expect(Object.keys(english).sort()).toEqual(expectedKeys(english, 'en'));
    });

    it('has the English keys in Spanish, with Spanish plural forms', () => {
      expect(Object.keys(spanish).sort()).toEqual(expectedKeys(english, 'es'));
    });

    it('uses the same interpolation variables in both languages', () => {
      const mismatches = Object.entries(spanish)
        .filter(([key]) => englishFor(english, key) !== undefined)
        .filter(([key, text]) => variables(text).join() !== variables(englishFor(english, key) ?? '').join())
        .map(([key, text]) => `${key}: en "${englishFor(english, key)}" / es "${text}"`);
      expect(mismatches).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...Object.entries(english), ...Object.entries(spanish)].filter(([, text]) => !text.trim());
      expect(empty.map(([key]) => key)).toEqual([]);
    });

    it('translates every Spanish text (or allows it to be the same as the English one)', () => {
      const untranslated = Object.entries(spanish)
        .filter(([key, text]) => text === english[key] && hasLettersToTranslate(text) && !allowedSame(text))
        .map(([key, text]) => `${namespace}:${key} "${text}"`);
      expect(untranslated).toEqual([]);
    });
  });
});
