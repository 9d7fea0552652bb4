import { expect, vi } from 'vitest';
import { CameraExportsDrawerPage, ExportsPage } from './pages/ExportsPage';
import { apiSession, apiSessionPost } from './support/api';
import { screenshot } from './support/browser';
import { ADMIN, CAMERA, openCamera } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { type ApiJob, fetchJob, waitForJobState, waitForRecording } from './support/exports';
import { expectVisible } from './support/wait';

/**
 * A scheduled export and a combined one from the portal, in Chromium against `argusd --demo` (spec 03 §2 "Exports
 * page" combine drawer, §4 "Job actions", §5; docs/design/exports.md): on Lobby Entrance the camera page's Export drawer
 * schedules an export 2 hours ahead (typed in the schedule picker's words entry); the exports page lists it as
 * 'Scheduled' and 'Start now' runs it to 'Export complete'. Then two finished exports are selected on the exports
 * page and combined in the combine drawer; the combined job (VideoConcatenationJob) completes with a file as long as
 * both clips.
 */

const { test } = setupE2E();
vi.setConfig({ testTimeout: 300_000 });

const CLIP_S = 8;

test('exports page: a scheduled export started now, and two exports combined', async ({ server, context, page }) => {
  const { networkId, camera } = await openCamera(server, context, page, CAMERA);
  await waitForRecording(context, server, networkId, camera.id, 2 * CLIP_S + 8, 4);

  // Scheduled 2 hours ahead from the camera page (the range: the drawer's default, the last 10 minutes).
  const drawer = new CameraExportsDrawerPage(page);
  await drawer.open();
  const scheduleText = await drawer.typeTime(page.getByTestId('schedule-time'), 'in 2 hours');
  console.log(`[exports-combine] scheduled for ${scheduleText}`);
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/manage/video/export') && response.request().method() === 'POST'),
    drawer.createButton.click(),
  ]);
  expect(created.status(), `POST …/video/export answered: ${await created.text()}`).toBe(201);
  const sent = created.request().postDataJSON() as { scheduledForTs: number };
  expect(Math.abs(sent.scheduledForTs - (Date.now() + 2 * 3_600_000)), 'scheduled 2 h ahead (ms)').toBeLessThan(5 * 60_000);
  const scheduled = (await created.json()) as ApiJob;
  expect((await fetchJob(context, server, networkId, scheduled.id)).export_state).toBe('scheduled');

  await drawer.createdLink.click();
  const exportsPage = new ExportsPage(page);
  await expectVisible(exportsPage.detail, 'the scheduled export’s detail drawer', 20_000);
  await exportsPage.waitForDetailStatus('Scheduled', 20_000);
  await screenshot(page, 'exports-scheduled');
  await exportsPage.detail.getByRole('button', { name: 'Start now', exact: true }).click();
  await exportsPage.waitForDetailStatus('Export complete', 180_000);
  await page.keyboard.press('Escape');

  // Two short exports made over the API (the same admin), then combined on the page.
  const api = await apiSession(server.baseUrl, ADMIN, server.credential(ADMIN).password);
  try {
    const endS = Math.floor(Date.now() / 1000) - 4;
    const sources: ApiJob[] = [];
    for (const [index, t0] of [endS - 2 * CLIP_S, endS - CLIP_S].entries()) {
      sources.push(
        await apiSessionPost<ApiJob>(api, `/n/${networkId}/manage/video/export`, {
          video_channel_id: camera.channel!.id,
          t0,
          t1: t0 + CLIP_S,
          scheduledForTs: Date.now(),
          filename: `combine part ${index + 1}`,
          skip_duplicate_check: true,
        }),
      );
    }
    for (const source of sources) await waitForJobState(context, server, networkId, source.id, 'complete', 180_000);

    await page.reload();
    for (const source of sources) {
      const row = exportsPage.root.getByTestId(`export-row-${source.id}`);
      await expectVisible(row, `export ${source.id} on the exports page`, 20_000);
      await row.getByRole('checkbox', { name: `Select ${source.filename}` }).check();
    }
    await exportsPage.root.getByRole('button', { name: 'Combine', exact: true }).click();
    const combineDrawer = page.getByRole('dialog', { name: 'Combine exports' });
    await expectVisible(combineDrawer, 'the combine drawer');
    expect(await combineDrawer.getByTestId('combine-clip').count()).toBe(2);
    await combineDrawer.getByRole('textbox', { name: 'Filename' }).fill('both parts');
    await screenshot(page, 'exports-combine-drawer');
    const [combinedAnswer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/manage/video/concatenate')),
      combineDrawer.getByRole('button', { name: 'Combine', exact: true }).click(),
    ]);
    expect(combinedAnswer.status(), await combinedAnswer.text()).toBe(201);
    const combined = (await combinedAnswer.json()) as ApiJob;
    expect(combined.type).toBe('VideoConcatenationJob');
    await expectVisible(page.getByText('Combined export created'), 'the combine notice');
    const done = await waitForJobState(context, server, networkId, combined.id, 'complete', 180_000);
    expect(done.filename).toBe('both parts.mp4');
    expect(done.t1 - done.t0, 'the combined length: both clips').toBe(2 * CLIP_S);
    expect(done.file_bytes).toBeGreaterThan(1000);
    await expectVisible(exportsPage.root.getByTestId(`export-row-${combined.id}`), 'the combined export on the page', 20_000);
    await screenshot(page, 'exports-combined');
  } finally {
    await api.dispose();
  }
});
