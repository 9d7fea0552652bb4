import { FRAME_STEP_MS, type PlaybackSpeed, SKIP_MS, SPEED_KEYS } from './constants';

export type ShortcutAction =
  | { type: 'toggle-play' }
  | { type: 'toggle-mute' }
  | { type: 'seek-by'; deltaMs: number; frame: boolean }
  | { type: 'speed'; speed: PlaybackSpeed };

/**
 * Player shortcuts (spec §9): space or k play/pause; comma or left one frame back; period or right one frame forward;
 * j back 10 s; l forward 10 s; 1, 2, 3 speed 1x, 2x, 4x; m sound on/off (media with audio).
 */
export function shortcutFor(key: string): ShortcutAction | null {
  switch (key) {
    case ' ':
    case 'k':
      return { type: 'toggle-play' };
    case ',':
    case 'ArrowLeft':
      return { type: 'seek-by', deltaMs: -FRAME_STEP_MS, frame: true };
    case '.':
    case 'ArrowRight':
      return { type: 'seek-by', deltaMs: FRAME_STEP_MS, frame: true };
    case 'm':
      return { type: 'toggle-mute' };
    case 'j':
      return { type: 'seek-by', deltaMs: -SKIP_MS, frame: false };
    case 'l':
      return { type: 'seek-by', deltaMs: SKIP_MS, frame: false };
    default:
      return key in SPEED_KEYS ? { type: 'speed', speed: SPEED_KEYS[key] } : null;
  }
}

/** Keys typed into a text field, select or editable element are not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(type);
}
