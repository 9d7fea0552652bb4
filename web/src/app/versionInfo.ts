import type { WhatsNewNote } from './whatsNew';

// The contract between the build (scripts/serviceWorkerBuild.ts, which imports this file in Node) and the portal.

/** Where the build publishes the description of the version it made (dist/version.json). */
export const VERSION_INFO_PATH = '/version.json';

/** The contents of /version.json. */
export interface VersionInfo {
  /** package.json's version. */
  version: string;
  /** The build's id, also stamped into /sw.js. */
  build: string;
  /** ISO 8601 time of the build. */
  built_at: string;
  notes: WhatsNewNote[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A note as /version.json holds it: an object of texts by language (a bare string is taken as the English text). */
function parseNote(value: unknown): WhatsNewNote | null {
  if (typeof value === 'string') return { en: value, es: value };
  if (!isRecord(value) || typeof value.en !== 'string') return null;
  return { en: value.en, es: typeof value.es === 'string' ? value.es : value.en };
}

/** The version description in `value`, or null when it is not one. */
export function parseVersionInfo(value: unknown): VersionInfo | null {
  if (!isRecord(value) || typeof value.version !== 'string' || typeof value.build !== 'string') return null;
  if (!Array.isArray(value.notes)) return null;
  const notes = value.notes.map(parseNote);
  if (notes.some((note) => note === null)) return null;
  return {
    version: value.version,
    build: value.build,
    built_at: typeof value.built_at === 'string' ? value.built_at : '',
    notes: notes as WhatsNewNote[],
  };
}

/** The note's text in `language` ('es', 'es-MX'), English when it has none in that language. */
export function noteText(note: WhatsNewNote, language: string): string {
  const base = language.split('-')[0];
  return base === 'es' ? note.es : note.en;
}
