import type { BrowserContext, Page, Response } from 'playwright-core';
import { apiGet } from './api';
import { eventually } from './wait';

/** GET /n/{networkId}/manage/cameras/motion_search: the fields the specs compare the UI with. */
export interface MotionAnswer {
  subevents: { ts: number; end_ts: number; duration_ms: number; img_url: string[] }[];
  grid: { cols: number; rows: number };
}

export interface RecordedMotionAnswer {
  url: URL;
  /** The answer's body, null when it failed or was aborted. */
  body: Promise<MotionAnswer | null>;
}

/** The page's motion_search answers of one feature (motion_search, event_search or timeline), in order. */
export function recordMotionAnswers(page: Page, feature: string): RecordedMotionAnswer[] {
  const answers: RecordedMotionAnswer[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('/manage/cameras/motion_search') || url.searchParams.get('feature') !== feature) return;
    // A request the page aborted (a search started over) may have no body left: null, like a failure.
    const body = response.ok() ? (response.json() as Promise<MotionAnswer>).catch(() => null) : Promise.resolve(null);
    answers.push({ url, body });
  });
  return answers;
}

/**
 * Waits until the server's motion index holds an event with a recap image on the camera in the last hour (the demo
 * records from start-up; motion shows up after some seconds of footage). Returns how long that took.
 */
export async function waitForMotion(
  context: BrowserContext,
  baseUrl: string,
  networkId: number,
  cameraId: number,
  timeoutMs = 40_000,
  /** The end of the searched hour, in seconds (default now): motion must lie before it. */
  endSecond: () => number = () => Math.floor(Date.now() / 1000),
): Promise<number> {
  const started = Date.now();
  await eventually(
    async () => {
      const endS = endSecond();
      const answer = await apiGet<MotionAnswer>(
        context,
        baseUrl,
        `/n/${networkId}/manage/cameras/motion_search?id=${cameraId}&start=${endS - 3600}&end=${endS}&feature=motion_search`,
      );
      return answer.subevents.filter((event) => event.img_url.length > 0).length;
    },
    (count) => count > 0,
    `motion events with a recap image of camera ${cameraId} in the server's answer`,
    timeoutMs,
  );
  return Date.now() - started;
}
