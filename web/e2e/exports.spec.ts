import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { CameraExportsDrawerPage, ExportsPage } from './pages/ExportsPage';
import { apiGet } from './support/api';
import { newContext, screenshot } from './support/browser';
import { CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { type ApiJob, waitForRecording } from './support/exports';
import { expectHidden, expectPath, expectVisible } from './support/wait';

/**
 * An export from the camera page to a verified file, in Chromium against `argusd --demo` (spec 03 §2 "Camera exports
 * drawer", "Exports page"; docs/design/exports.md): on Lobby Entrance, which records, the Export drawer makes an export
 * of 20 s ending 5 s ago (typed in the time picker's words entry); its notice leads to the job on the exports page,
 * which reaches 'Export complete'; the file downloads (an MP4 of the job's file_bytes), its share link plays without a
 * session, and the Verify dialog finds the file and its evidence manifest valid, signed by this server's key.
 */

const { test } = setupE2E();
// camsim's cameras need some seconds to come up and record 25 s; the export then runs on a busy 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

const RANGE_S = 20;
const END_AGO_S = 5;

/**
 * A time as the picker shows it (12-hour, the demo admin's default), `seconds` earlier, in the same form. The picker
 * shows the network's zone; the text is read and written in this process's zone, so only the clock moves.
 */
function shownSecondsBefore(shown: string, seconds: number): string {
  const ms = Date.parse(shown);
  if (Number.isNaN(ms)) throw new Error(`cannot read the picker's time '${shown}'`);
  return new Date(ms - seconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

test('camera page → Export drawer → exports page: complete, downloaded, shared and verified', async ({ server, browser, context, page }) => {
  const { networkId, camera } = await openCamera(server, context, page, CAMERA);
  const files = mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-export-'));
  try {
    // Enough recording for the range: the server's recorded ranges cover [now - 25 s, now - 5 s].
    await waitForRecording(context, server, networkId, camera.id, RANGE_S + END_AGO_S + 3, END_AGO_S);

    // The drawer: the last 10 minutes at first; the range typed in the picker's words entry: the end '5 seconds ago',
    // the start that end's time minus 20 s as the picker shows times ('Nov 27, 2026, 7:41:20 PM'), so the range does
    // not depend on how long typing takes.
    const drawer = new CameraExportsDrawerPage(page);
    await drawer.open();
    const endText = await drawer.typeTime(drawer.end, `${END_AGO_S} seconds ago`);
    const startText = await drawer.typeTime(drawer.start, shownSecondsBefore(endText, RANGE_S));
    console.log(`[exports] range picked: ${startText} – ${endText}`);
    await screenshot(page, 'exports-camera-drawer');

    const [created] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/manage/video/export') && response.request().method() === 'POST'),
      drawer.createButton.click(),
    ]);
    expect(created.status(), `POST …/video/export answered: ${await created.text()}`).toBe(201);
    const sent = created.request().postDataJSON() as { t0: number; t1: number; video_channel_id: number; scheduledForTs: number };
    expect(sent.video_channel_id).toBe(camera.channel!.id);
    expect(sent.t1 - sent.t0, 'the typed range in seconds').toBe(RANGE_S);
    expect(Date.now() / 1000 - sent.t1, 'the end, seconds before the request').toBeGreaterThanOrEqual(END_AGO_S);
    expect(Math.abs(sent.scheduledForTs - Date.now()), 'scheduled now (ms)').toBeLessThan(60_000);
    const job = (await created.json()) as ApiJob;

    // The drawer's recent list shows the new job; the notice leads to it on the exports page.
    await expectVisible(drawer.recentExport(job.id), 'the new export in the drawer’s recent list', 20_000);
    await expectVisible(drawer.createdLink, 'the creation notice’s link');
    await drawer.createdLink.click();
    await expectPath(page, new RegExp(`^/n/${networkId}/exports/${job.id}$`));
    const exportsPage = new ExportsPage(page);
    await expectVisible(exportsPage.detail, 'the export’s detail drawer', 20_000);
    await exportsPage.waitForDetailStatus('Export complete', 180_000);
    await screenshot(page, 'exports-detail-complete');

    const [done] = await apiGet<{ jobs: ApiJob[] }>(
      context,
      server.baseUrl,
      `/n/${networkId}/manage/dashboard/job_data?job_ids=${job.id}&job_action=fetch`,
    ).then((answer) => answer.jobs);
    expect(done.export_state).toBe('complete');
    expect(done.file_bytes).toBeGreaterThan(1000);

    // Download: an MP4 (an ISO BMFF box 'ftyp' first) of the job's size.
    const download = await exportsPage.download(exportsPage.detail.getByRole('link', { name: 'Download', exact: true }));
    const videoPath = path.join(files, download.suggestedFilename());
    await download.saveAs(videoPath);
    expect(download.suggestedFilename()).toBe(done.filename);
    expect(statSync(videoPath).size, 'downloaded bytes = file_bytes').toBe(done.file_bytes);
    expect(readFileSync(videoPath).subarray(4, 8).toString('latin1'), 'the first box').toBe('ftyp');

    // Its evidence manifest.
    const manifestDownload = await exportsPage.download(exportsPage.detail.getByRole('link', { name: 'Evidence manifest' }));
    const manifestPath = path.join(files, manifestDownload.suggestedFilename());
    await manifestDownload.saveAs(manifestPath);
    expect(manifestDownload.suggestedFilename()).toBe(`${done.filename}.manifest.json`);

    // Copy link: the share link plays in a browser without a session.
    await exportsPage.detail.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expectVisible(page.getByText('Link copied to clipboard'), 'the link-copied toast');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/n\\d+/exports/shared/${job.id}\\.`));
    const stranger = await newContext(browser, server.baseUrl);
    try {
      expect(await stranger.cookies(), 'a fresh context has no session').toEqual([]);
      const answer = await stranger.request.get(link);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('video/mp4');
      expect((await answer.body()).length).toBe(done.file_bytes);
    } finally {
      await stranger.close();
    }

    // Verify: the downloaded file and its manifest, checked in the browser against this server's key.
    await page.keyboard.press('Escape');
    await expectHidden(exportsPage.detail, 'the detail drawer after Escape');
    await expectPath(page, new RegExp(`^/n/${networkId}/exports$`));
    await exportsPage.verifyButton.click();
    await expectVisible(exportsPage.verifyDialog, 'the Verify dialog');
    await exportsPage.verifyDialog.getByTestId('verify-file-input').setInputFiles(videoPath);
    await exportsPage.verifyDialog.getByTestId('verify-manifest-input').setInputFiles(manifestPath);
    await exportsPage.verifyDialog.getByRole('button', { name: 'Verify', exact: true }).click();
    const result = exportsPage.verifyDialog.getByTestId('verify-result');
    await expectVisible(result, 'the verification result', 30_000);
    await screenshot(page, 'exports-verified');
    expect(await result.getAttribute('data-valid'), await result.innerText()).toBe('true');
    const text = await result.innerText();
    expect(text).toContain('Valid export');
    expect(text).toContain(CAMERA);
    expect(text).toContain("Signed by this server's key");
    expect((await result.getByTestId('verify-sha256').innerText()).trim()).toBe(done.export_sha256);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}, { permissions: ['clipboard-read', 'clipboard-write'] });
