/** Letters, numbers, spaces and - _ . only (spec 03 §5; the server's rule, ASCII). */
const FILENAME_RULE = /^[A-Za-z0-9 _.-]*$/;
const MP4_SUFFIX = /\.mp4$/i;

export function isValidFilename(name: string): boolean {
  return FILENAME_RULE.test(name);
}

/** The name as edited: without its '.mp4' (the server adds it back). */
export function editableFilename(filename: string): string {
  return filename.replace(MP4_SUFFIX, '');
}

/**
 * What leaving the filename field does (spec 03 §4 "Filename edit"): a valid, non-empty, changed name asks to rename;
 * anything else ends editing without saving.
 */
export function filenameEditOutcome(draft: string, original: string): 'confirm' | 'discard' {
  const name = draft.trim();
  return name.length > 0 && isValidFilename(name) && name !== editableFilename(original) ? 'confirm' : 'discard';
}
