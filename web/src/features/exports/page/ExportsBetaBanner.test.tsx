import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { EXPORTS_V2_BETA_FLAG } from '../constants';
import { exportsState, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const BANNER_TITLE = 'Video Exports V2';

beforeEach(() => {
  freezeDate();
  server.use(jobDataHandler(() => [makeJob(1)]));
});
afterEach(() => vi.useRealTimers());

describe("exports page: 'Video Exports V2' beta banner (spec 03 §6)", () => {
  it('shows with the flag has_camera_silk_road', async () => {
    renderExportsPage(undefined, exportsState({ flags: [EXPORTS_V2_BETA_FLAG] }));
    const banner = await screen.findByTestId('exports-beta-banner');
    expect(banner).toHaveTextContent(BANNER_TITLE);
    expect(banner).toHaveTextContent('Beta');
  });

  it('is not shown without the flag', async () => {
    renderExportsPage();
    await screen.findByTestId('export-row-1');
    expect(screen.queryByTestId('exports-beta-banner')).not.toBeInTheDocument();
    expect(screen.queryByText(BANNER_TITLE)).not.toBeInTheDocument();
  });

  it('stays hidden once hidden (the preference hideNotifications.videoExportsV2Beta)', async () => {
    const { user, store } = renderExportsPage(undefined, exportsState({ flags: [EXPORTS_V2_BETA_FLAG] }));
    await screen.findByTestId('exports-beta-banner');
    await user.click(screen.getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByTestId('exports-beta-banner')).not.toBeInTheDocument();
    expect(store.getState().preferences.hideNotifications).toEqual({ videoExportsV2Beta: true });
  });
});
