/** One media segment: where it sits on the media timeline (s) and on the wall clock (EXT-X-PROGRAM-DATE-TIME). */
export interface TimedFragment {
  startS: number;
  durationS: number;
  programDateTimeMs: number;
}

/** Fragments from hls.js level details (`frag.start`, `frag.duration`, `frag.programDateTime`), sorted. */
export function timedFragments(
  fragments: ReadonlyArray<{ start: number; duration: number; programDateTime: number | null }>,
): TimedFragment[] {
  return fragments
    .filter((frag) => frag.programDateTime !== null && Number.isFinite(frag.programDateTime))
    .map((frag) => ({ startS: frag.start, durationS: frag.duration, programDateTimeMs: frag.programDateTime as number }))
    .sort((a, b) => a.startS - b.startS);
}

/** Wall-clock time (ms) of media time `mediaS`, from the fragment holding it; null without fragments. */
export function mediaToWallMs(fragments: readonly TimedFragment[], mediaS: number): number | null {
  if (fragments.length === 0) return null;
  let holder = fragments[0];
  for (const frag of fragments) {
    if (frag.startS <= mediaS) holder = frag;
    else break;
  }
  return Math.round(holder.programDateTimeMs + (mediaS - holder.startS) * 1000);
}

/**
 * Media time (s) showing wall-clock `wallMs`: inside a fragment when one covers it, the start of the next fragment in
 * a recording gap, null before the first or after the last fragment.
 */
export function wallToMediaS(fragments: readonly TimedFragment[], wallMs: number): number | null {
  for (const frag of fragments) {
    const endMs = frag.programDateTimeMs + frag.durationS * 1000;
    if (wallMs < frag.programDateTimeMs) return frag === fragments[0] ? null : frag.startS;
    if (wallMs < endMs) return frag.startS + (wallMs - frag.programDateTimeMs) / 1000;
  }
  return null;
}
