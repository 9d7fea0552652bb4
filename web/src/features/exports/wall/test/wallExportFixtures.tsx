import type { UserEvent } from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { expect } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiErrors, apiPath, json } from '../../../../test/server';
import { makeCamera } from '../../../cameras/test/fixtures';
import { DEFAULT_PREFERENCES } from '../../../preferences';
import { createExportChecks, type ExportChecks } from '../../../walls/tile/exportChecks';
import { makeTile, makeWall } from '../../../walls/test/wallFixtures';
import type { VideoWall } from '../../../walls/wallsApi';
import { activeJob, exportsState, NETWORK_ID } from '../../test/exportFixtures';
import { WallExportsDrawer } from '../WallExportsDrawer';

const NO_EXPORT = { write: false, export: false, historical: true, live: true };
/** Lobby (network 5), an empty tile, Dock (network 6: a cross-network wall) and Vault (no export right). */
export const lobby = makeCamera(1001, { name: 'Lobby' });
export const dock = makeCamera(1002, { name: 'Dock', network_id: 6 });
export const vault = makeCamera(1003, { name: 'Vault', permissions: NO_EXPORT });
export const crossWall: VideoWall = makeWall(
  7301,
  'Yard',
  [makeTile(lobby, { x: 0 }), makeTile(null, { x: 7 }), makeTile(dock, { x: 14 }), makeTile(vault, { x: 21 })],
  { is_cross_network: true },
);

/** A POST .../video/export as the server got it. */
export interface PostedExport {
  networkId: number;
  body: Record<string, unknown>;
}

/**
 * POST .../video/export recorded in `posted`; a channel listed in `refused` is answered with its message. `gate`, when
 * given, is awaited before each answer (to see the progress).
 */
export function exportPostHandler(
  posted: PostedExport[],
  refused: Record<number, string> = {},
  gate?: () => Promise<void>,
) {
  return http.post(apiPath('/n/:networkId/manage/video/export'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posted.push({ networkId: Number(/\/n\/(\d+)\/manage\//.exec(request.url)?.[1]), body });
    await gate?.();
    const message = refused[body.video_channel_id as number];
    return message ? apiErrors([message]) : json(activeJob(100 + posted.length, 'queued'), 201);
  });
}

/** The drawer as its button keeps it: mounted once opened; 'Toggle drawer' closes and opens it again. */
function DrawerHost({ wall, checks }: { wall: VideoWall; checks: ExportChecks }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened((open) => !open)}>
        Toggle drawer
      </button>
      <WallExportsDrawer
        opened={opened}
        onClose={() => setOpened(false)}
        wall={wall}
        networkId={NETWORK_ID}
        checks={checks}
      />
    </>
  );
}

/** The wall's exports drawer, opened, on the wall page's route, times in 24-hour mode; `checks` as the wall view's. */
export function renderWallDrawer(wall: VideoWall = crossWall) {
  const checks = createExportChecks();
  const rendered = renderWithProviders(<DrawerHost wall={wall} checks={checks} />, {
    route: `/n/${NETWORK_ID}/video-walls/${wall.id}`,
    path: '/n/:networkId/video-walls/:videoWallId',
    preloadedState: { ...exportsState(), preferences: { ...DEFAULT_PREFERENCES, timeMode: 24 } },
  });
  return { ...rendered, checks };
}

/** An entry of the open drawer by its tile number. */
export const entry = (tile: number) => screen.getByTestId(`wall-export-entry-${tile}`);

/** Opens an entry's panel (its accordion control). */
export async function openEntry(user: UserEvent, tile: number): Promise<HTMLElement> {
  const item = entry(tile);
  const control = within(item).getByRole('button', { name: new RegExp(`^Tile ${tile} · `) });
  await user.click(control);
  await waitFor(() => expect(control).toHaveAttribute('aria-expanded', 'true'));
  return item;
}
