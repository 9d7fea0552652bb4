import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiPath, json, server } from '../../test/server';
import {
  CAMERA_PATH,
  CAMERAS_PATH,
  capture,
  type Captured,
  dock,
  lobby,
  makeCamera,
  renderCameraManagement,
  serveCameras,
  SOURCE_PATH,
} from './test/adminTestKit';

const dialog = () => screen.getByRole('dialog');

describe('CameraManagementPage', () => {
  it('lists the cameras by name with model, tags and status', async () => {
    serveCameras([lobby, dock]);
    renderCameraManagement();
    expect(screen.getByLabelText('Loading cameras')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Cameras of the network' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Dock', 'Lobby']);
    expect(within(rows[0]).getByText('MV72')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Offline')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Online')).toBeInTheDocument();
    expect(within(rows[1]).getByText('entrance')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Edit Lobby' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Remove Lobby' })).toBeInTheDocument();
  });

  it('shows the empty and the failed list', async () => {
    serveCameras([]);
    const first = renderCameraManagement();
    expect(await screen.findByText('No cameras found')).toBeInTheDocument();
    first.unmount();
    server.use(http.get(apiPath(CAMERAS_PATH), () => apiErrors(['boom'], 500)));
    renderCameraManagement();
    expect(await screen.findByText('List failed to load')).toBeInTheDocument();
    serveCameras([lobby]);
    await screen.findByRole('button', { name: 'Try again' }).then((button) => button.click());
    expect(await screen.findByRole('rowheader', { name: 'Lobby' })).toBeInTheDocument();
  });

  it('adds a camera: JSON body with CSRF, toast, list refreshed', async () => {
    const cameras = serveCameras([lobby]);
    const captured: Captured = {};
    const added = makeCamera(3, { name: 'Gate' });
    capture(
      'post',
      CAMERAS_PATH,
      () => {
        cameras.push(added);
        return json(added, 201);
      },
      captured,
    );
    const { user } = renderCameraManagement();
    await screen.findByRole('rowheader', { name: 'Lobby' });
    await user.click(screen.getByRole('button', { name: 'Add camera' }));
    const form = within(dialog());
    expect(form.getByLabelText(/Main stream RTSP URL/)).toHaveAttribute(
      'placeholder',
      'rtsp://user:password@192.168.1.20:554/stream1',
    );
    expect(form.getByLabelText(/Retention \(days\)/)).toHaveValue('30');
    expect(form.getByLabelText(/^Imagers/)).toHaveValue('1');
    expect(form.getByText(/Sensors of a multi-imager camera \(MV93: 4\)/)).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Name/), 'Gate');
    await user.type(form.getByLabelText(/Main stream RTSP URL/), 'rtsp://admin:secret@10.0.0.9:554/main');
    await user.type(form.getByLabelText(/Model/), 'MV93');
    await user.type(form.getAllByLabelText(/^Tags/)[0], 'outdoor{Enter}');
    await user.type(form.getByLabelText(/Notes/), 'By the gate');
    await user.clear(form.getByLabelText(/Retention \(days\)/));
    await user.type(form.getByLabelText(/Retention \(days\)/), '14');
    await user.click(form.getByRole('button', { name: 'Add camera' }));

    expect(await screen.findByText('Camera Gate added')).toBeInTheDocument();
    expect(captured.url).toBe('/n1/n/5/manage/vision/cameras');
    expect(captured.csrf).toBe('csrf-1');
    expect(captured.body).toEqual({
      name: 'Gate',
      model: 'MV93',
      tags: ['outdoor'],
      notes: 'By the gate',
      retention_days: 14,
      main_rtsp_url: 'rtsp://admin:secret@10.0.0.9:554/main',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: 'Gate' })).toBeInTheDocument();
  });

  it('validates before sending anything and clears a message once fixed', async () => {
    serveCameras([]);
    const { user } = renderCameraManagement();
    await screen.findByText('No cameras found');
    await user.click(screen.getByRole('button', { name: 'Add camera' }));
    const form = within(dialog());
    await user.clear(form.getByLabelText(/Retention \(days\)/));
    await user.type(form.getByLabelText(/Sub-stream RTSP URL/), 'http://cam/sub');
    await user.click(form.getByRole('button', { name: 'Add camera' }));
    expect(form.getByText('Enter a name.')).toBeInTheDocument();
    expect(form.getByText('Enter the main stream URL.')).toBeInTheDocument();
    expect(form.getByText(/Enter a URL that starts with rtsp:\/\/ or rtsps:\/\//)).toBeInTheDocument();
    expect(form.getByText('Enter a whole number of days from 1 to 3650.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(form.getByLabelText(/^Name/), 'Gate');
    expect(form.queryByText('Enter a name.')).not.toBeInTheDocument();
  });

  it('shows a 409 answer in the form and keeps the values', async () => {
    serveCameras([]);
    const captured: Captured = {};
    capture('post', CAMERAS_PATH, () => apiErrors(['Serial already used by another camera'], 409), captured);
    const { user } = renderCameraManagement();
    await screen.findByText('No cameras found');
    await user.click(screen.getByRole('button', { name: 'Add camera' }));
    const form = within(dialog());
    await user.type(form.getByLabelText(/^Name/), 'Gate');
    await user.type(form.getByLabelText(/Main stream RTSP URL/), 'rtsps://cam.local/main');
    await user.click(form.getByRole('button', { name: 'Add camera' }));
    expect(await form.findByText('Serial already used by another camera')).toBeInTheDocument();
    expect(form.getByText('The camera could not be saved')).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveValue('Gate');
    expect(form.getByLabelText(/Main stream RTSP URL/)).toHaveValue('rtsps://cam.local/main');
    expect(form.getByRole('button', { name: 'Add camera' })).toBeEnabled();
    expect(form.getByLabelText(/^Name/)).toBeEnabled();
  });

  it('shows the permission text on 403', async () => {
    serveCameras([]);
    capture('post', CAMERAS_PATH, () => apiErrors(['Forbidden'], 403), {});
    const { user } = renderCameraManagement();
    await screen.findByText('No cameras found');
    await user.click(screen.getByRole('button', { name: 'Add camera' }));
    const form = within(dialog());
    await user.type(form.getByLabelText(/^Name/), 'Gate');
    await user.type(form.getByLabelText(/Main stream RTSP URL/), 'rtsp://cam.local/main');
    await user.click(form.getByRole('button', { name: 'Add camera' }));
    expect(await form.findByText('Unable to complete action, please check your permission')).toBeInTheDocument();
  });

  it('edits a camera prefilled from its source, password masked until shown', async () => {
    serveCameras([lobby]);
    server.use(
      http.get(apiPath(SOURCE_PATH), () =>
        json({
          main_rtsp_url: 'rtsp://admin:secret@10.0.0.5:554/main',
          sub_rtsp_url: null,
          retention_days: 60,
          imagers: [],
        }),
      ),
    );
    const captured: Captured = {};
    capture('put', CAMERA_PATH, () => json({ ...lobby, name: 'Lobby East' }), captured);
    const { user } = renderCameraManagement();
    await user.click(await screen.findByRole('button', { name: 'Edit Lobby' }));
    const form = within(dialog());
    const main = await form.findByLabelText(/Main stream RTSP URL/);
    expect(main).toHaveValue('rtsp://admin:••••••@10.0.0.5:554/main');
    expect(main).toHaveAttribute('readonly');
    expect(form.getByLabelText(/^Name/)).toHaveValue('Lobby');
    expect(form.getByLabelText(/Model/)).toHaveValue('MV22');
    expect(form.getByText('entrance')).toBeInTheDocument();
    expect(form.getByLabelText(/Retention \(days\)/)).toHaveValue('60');
    expect(form.getByLabelText(/^Imagers/)).toHaveValue('1');
    expect(form.queryByLabelText(/^Imager 2 main stream URL/)).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Show password' }));
    expect(main).toHaveValue('rtsp://admin:secret@10.0.0.5:554/main');
    expect(main).not.toHaveAttribute('readonly');

    await user.clear(form.getByLabelText(/^Name/));
    await user.type(form.getByLabelText(/^Name/), 'Lobby East');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Camera Lobby East saved')).toBeInTheDocument();
    expect(captured.url).toBe('/n1/n/5/manage/vision/cameras/1');
    expect(captured.body).toEqual({
      name: 'Lobby East',
      model: 'MV22',
      tags: ['entrance', 'indoor'],
      notes: '',
      retention_days: 60,
    });
  });

  it('tells when the source cannot be loaded', async () => {
    serveCameras([lobby]);
    server.use(http.get(apiPath(SOURCE_PATH), () => apiErrors(['Camera not found'], 404)));
    const { user } = renderCameraManagement();
    await user.click(await screen.findByRole('button', { name: 'Edit Lobby' }));
    expect(await within(dialog()).findByText("The camera's stream settings could not be loaded.")).toBeInTheDocument();
    expect(within(dialog()).getByText('Camera not found')).toBeInTheDocument();
  });

  it('removes a camera after a confirmation that warns about its recordings', async () => {
    const cameras = serveCameras([lobby, dock]);
    let removedPath: string | undefined;
    server.use(
      http.delete(apiPath(CAMERA_PATH), ({ request }) => {
        removedPath = new URL(request.url).pathname;
        cameras.splice(cameras.indexOf(dock), 1);
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = renderCameraManagement();
    await user.click(await screen.findByRole('button', { name: 'Remove Dock' }));
    const confirm = within(dialog());
    expect(confirm.getByText('Remove the camera Dock?')).toBeInTheDocument();
    expect(confirm.getByText(/All of its recordings are deleted as well/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removedPath).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Remove Dock' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Camera Dock removed')).toBeInTheDocument();
    expect(removedPath).toBe('/n1/n/5/manage/vision/cameras/2');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Dock' })).not.toBeInTheDocument());
  });

  it('shows an error toast when removing fails', async () => {
    serveCameras([lobby]);
    server.use(http.delete(apiPath(CAMERA_PATH), () => apiErrors(['Forbidden'], 403)));
    const { user } = renderCameraManagement();
    await user.click(await screen.findByRole('button', { name: 'Remove Lobby' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Lobby could not be removed')).toBeInTheDocument();
    expect(screen.getByText('Unable to complete action, please check your permission')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Lobby' })).toBeInTheDocument();
  });
});
