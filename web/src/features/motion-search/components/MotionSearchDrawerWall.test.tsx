import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import { apiPath, json, server } from '../../../test/server';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { makeEvent, motionAnswer, type MotionRequest, motionHandler } from '../test/motionFixtures';
import { renderDrawer } from '../test/renderDrawer';

const wallCameras = [1, 2, 3, 4, 5, 6].map((n) => makeCamera(2000 + n, { name: `Wall cam ${n}` }));

function nowS() {
  return Math.floor(Date.now() / 1000);
}

const chooser = () => screen.getByRole('combobox', { name: 'Cameras' });
/** The names of the cameras chosen (the chooser's pills). */
const chosen = () =>
  Array.from(screen.getByTestId('motion-search-camera-chooser').closest('.mantine-MultiSelect-root')!.querySelectorAll('.mantine-Pill-label')).map(
    (pill) => pill.textContent,
  );
/** An option of the chooser's dropdown (the camera selector has options of the same names). */
const option = async (name: string) =>
  within(await screen.findByRole('listbox', {}, { timeout: 2000 })).getByRole('option', { name, hidden: true });
const cameraOptions = () =>
  within(screen.getByRole('combobox', { name: 'Camera' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('motion search drawer on a wall (camera chooser)', () => {
  it('preselects the first 4 cameras in tile order and refuses a 5th', async () => {
    const { user } = renderDrawer(wallCameras, {}, { choosable: true });
    expect(chosen()).toEqual(['Wall cam 1', 'Wall cam 2', 'Wall cam 3', 'Wall cam 4']);
    expect(cameraOptions()).toEqual(['Wall cam 1', 'Wall cam 2', 'Wall cam 3', 'Wall cam 4']);

    await user.click(chooser());
    await user.click(await option('Wall cam 5'));
    expect(await screen.findByText('A search covers at most 4 cameras')).toBeInTheDocument();
    expect(chosen()).toEqual(['Wall cam 1', 'Wall cam 2', 'Wall cam 3', 'Wall cam 4']);

    // Dropping one makes room: the message goes and the 5th can be chosen (kept in tile order).
    await user.click(await option('Wall cam 2'));
    expect(screen.queryByText('A search covers at most 4 cameras')).not.toBeInTheDocument();
    await user.click(await option('Wall cam 5'));
    expect(chosen()).toEqual(['Wall cam 1', 'Wall cam 3', 'Wall cam 4', 'Wall cam 5']);
    expect(cameraOptions()).toEqual(['Wall cam 1', 'Wall cam 3', 'Wall cam 4', 'Wall cam 5']);
  });

  it('searches the chosen cameras, one search per camera chosen with the camera selector', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler([makeEvent(nowS() - 60)], log));
    const { user } = renderDrawer(wallCameras, {}, { choosable: true });

    await user.click(chooser());
    await user.click(await option('Wall cam 1'));
    await user.click(await option('Wall cam 6'));
    expect(chosen()).toEqual(['Wall cam 2', 'Wall cam 3', 'Wall cam 4', 'Wall cam 6']);

    const select = screen.getByRole('combobox', { name: 'Camera' });
    expect(select).toHaveValue('2002');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('end of results');
    await user.selectOptions(select, '2006');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('end of results');
    await waitFor(() => expect(log.length).toBeGreaterThanOrEqual(4));
    expect(new Set(log.map((entry) => entry.params.get('id')))).toEqual(new Set(['2002', '2006']));

    // 'Open in event search' carries the chosen cameras.
    const link = screen.getByRole('link', { name: 'Open in event search' });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('cameras')).toBe('2002,2003,2004,2006');
  });

  it('searches a camera of another network (cross-network wall) through its own network', async () => {
    const paths: string[] = [];
    server.use(
      http.get(apiPath('/n/:networkId/manage/cameras/motion_search'), ({ request }) => {
        const url = new URL(request.url);
        paths.push(url.pathname);
        return json(motionAnswer([], url.searchParams, false));
      }),
    );
    const elsewhere = makeCamera(3001, { name: 'Gate elsewhere', network_id: NETWORK_ID + 1 });
    const { user } = renderDrawer([wallCameras[0], elsewhere], {}, { choosable: true });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), '3001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(paths.length).toBeGreaterThan(0));
    const withoutShard = paths.map((path) => path.replace(/^\/n\d+/, ''));
    expect(new Set(withoutShard)).toEqual(new Set([`/n/${NETWORK_ID + 1}/manage/cameras/motion_search`]));
  });

  it('has no chooser for a single camera (camera page)', () => {
    renderDrawer([wallCameras[0]]);
    expect(screen.queryByRole('combobox', { name: 'Cameras' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('motion-search-camera-chooser')).not.toBeInTheDocument();
  });
});
