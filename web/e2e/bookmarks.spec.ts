import { expect, vi } from 'vitest';
import { BookmarksDrawerPage } from './pages/BookmarksDrawerPage';
import { apiGet } from './support/api';
import { screenshot } from './support/browser';
import { CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { expectHidden, expectVisible } from './support/wait';

/**
 * A clip bookmark from the camera page to the timeline and back out, in Chromium against `argusd --demo` (spec 03 §2
 * "Bookmarks drawer", §5 "Bookmarks"; docs/design/exports.md "Bookmarks"): on Lobby Entrance the 'Clip bookmark'
 * drawer saves a described bookmark of the last minutes (the default: now ± 5 min, capped at now); it is listed under
 * 'Saved', its mark shows on the timeline and seeks the viewer into recorded video, and deleting it (confirmed)
 * takes it out of the list, the timeline and the server.
 */

const { test } = setupE2E();
/** Northwind Logistics, the demo admin's organization (server/src/demo/demo_fleet.cpp). */
const DEMO_ORG_ID = 1;
vi.setConfig({ testTimeout: 120_000 });

interface ApiBookmark {
  id: number;
  description: string;
  startTs: string;
  endTs: string;
  serial: string;
}

test('camera page → Clip bookmark: saved, on the timeline, seeks, deleted', async ({ server, context, page }) => {
  const { viewer } = await openCamera(server, context, page, CAMERA);
  const description = `Van at the gate ${Date.now() % 100000}`;
  const bookmarks = new BookmarksDrawerPage(page);
  await bookmarks.open();
  await bookmarks.description.fill(description);
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/camera/video/bookmarks') && response.request().method() === 'POST'),
    bookmarks.saveButton.click(),
  ]);
  expect(created.status(), `POST …/bookmarks answered: ${await created.text()}`).toBe(201);
  const bookmark = (await created.json()) as ApiBookmark;
  expect(bookmark.description).toBe(description);
  const endMs = Date.parse(bookmark.endTs);
  expect(Date.parse(bookmark.endTs) - Date.parse(bookmark.startTs), 'now - 5 min … now').toBeLessThanOrEqual(5 * 60_000 + 1000);
  expect(Math.abs(Date.now() - endMs), 'ends about now').toBeLessThan(60_000);

  await bookmarks.savedTab.click();
  await expectVisible(bookmarks.savedItem(description), 'the new bookmark in the saved list', 20_000);
  await screenshot(page, 'bookmarks-saved');

  // The timeline's mark (the same cache: no reload) seeks the viewer into the bookmark's recorded video.
  await page.keyboard.press('Escape');
  await expectHidden(bookmarks.drawer, 'the drawer after Escape');
  const mark = bookmarks.timelineMark(description);
  await expectVisible(mark, 'the bookmark’s mark on the timeline', 20_000);
  await mark.click();
  await viewer.expectLive(false, 20_000);
  await screenshot(page, 'bookmarks-timeline-mark');

  // Delete, confirmed: gone from the list, the timeline and the server.
  await bookmarks.open();
  await bookmarks.savedTab.click();
  await bookmarks.savedItem(description).click();
  await expectVisible(bookmarks.detail, 'the bookmark’s detail');
  await bookmarks.detail.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = bookmarks.confirmDialog();
  await expectVisible(confirm, 'the delete confirmation');
  const [deleted] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/camera/video/bookmarks/${bookmark.id}`)),
    confirm.getByRole('button', { name: 'Delete', exact: true }).click(),
  ]);
  expect(deleted.status()).toBe(204);
  await expectVisible(page.getByText('Bookmark deleted'), 'the deleted notice');
  await expectHidden(bookmarks.savedItem(description), 'the deleted bookmark in the list');
  await expectHidden(bookmarks.timelineMark(description), 'the deleted bookmark’s mark');
  const { items } = await apiGet<{ items: ApiBookmark[] }>(
    context,
    server.baseUrl,
    `/api/v1/organizations/${DEMO_ORG_ID}/camera/video/bookmarks?serials=${encodeURIComponent(bookmark.serial)}`,
  );
  expect(items.map((item) => item.id)).not.toContain(bookmark.id);
});
