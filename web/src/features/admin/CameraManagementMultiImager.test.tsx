import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath, json, server } from '../../test/server';
import {
  CAMERA_PATH,
  CAMERAS_PATH,
  capture,
  type Captured,
  makeCamera,
  renderCameraManagement,
  serveCameras,
  SOURCE_PATH,
} from './test/adminTestKit';

const dialog = () => screen.getByRole('dialog');

/** Pastes `text` into `field`: typing URLs key by key makes these long tests slow. */
async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** An MV93: imager 0 on the camera's own URLs, imager_id 1 … 3 labelled 'Imager 2' … 'Imager 4'. */
const yard = makeCamera(8, { name: 'Yard', model: 'MV93', type: 'multi_imager', imager_count: 4 });

describe('CameraManagementPage with multi-imager cameras', () => {
  it('adds a 4-imager camera with the URLs of the imagers filled in, after checking them', async () => {
    const cameras = serveCameras([]);
    const captured: Captured = {};
    capture(
      'post',
      CAMERAS_PATH,
      () => {
        cameras.push(yard);
        return json(yard, 201);
      },
      captured,
    );
    const { user } = renderCameraManagement();
    await screen.findByText('No cameras found');
    await user.click(screen.getByRole('button', { name: 'Add camera' }));
    const form = within(dialog());
    expect(form.queryByLabelText(/^Imager 2 main stream URL/)).not.toBeInTheDocument();
    await user.type(form.getByLabelText(/^Name/), 'Yard');
    await paste(user, form.getByLabelText(/Main stream RTSP URL/), 'rtsp://admin:secret@10.0.0.9/i0');
    await user.clear(form.getByLabelText(/^Imagers/));
    await user.type(form.getByLabelText(/^Imagers/), '4');

    expect(form.getByText(/^Imager 1's main stream/)).toBeInTheDocument();
    expect(form.getByLabelText(/^Imager 4 sub-stream URL/)).toBeInTheDocument();
    expect(form.queryByLabelText(/^Imager 5 main stream URL/)).not.toBeInTheDocument();
    await paste(user, form.getByLabelText(/^Imager 2 main stream URL/), 'rtsp://admin:secret@10.0.0.9/i1');
    expect(form.getByLabelText(/^Imager 2 main stream URL/)).toHaveValue('rtsp://admin:secret@10.0.0.9/i1');
    await paste(user, form.getByLabelText(/^Imager 2 sub-stream URL/), 'rtsp://10.0.0.9/i1-sub');
    await paste(user, form.getByLabelText(/^Imager 4 main stream URL/), 'http://10.0.0.9/i3');
    await user.click(form.getByRole('button', { name: 'Add camera' }));

    const broken = form.getByLabelText(/^Imager 4 main stream URL/);
    expect(broken).toHaveAttribute('aria-invalid', 'true');
    const imager4 = within(form.getByRole('group', { name: 'Imager 4 streams' }));
    expect(imager4.getByText(/starts with rtsp:\/\//)).toBeInTheDocument();
    expect(form.getByLabelText(/^Imager 2 main stream URL/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(captured.body).toBeUndefined();
    await user.clear(broken);
    await paste(user, broken, 'rtsps://10.0.0.9/i3');
    expect(broken).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(form.getByRole('button', { name: 'Add camera' }));

    expect(await screen.findByText('Camera Yard added')).toBeInTheDocument();
    expect(captured.body).toEqual({
      name: 'Yard',
      model: '',
      tags: [],
      notes: '',
      retention_days: 30,
      main_rtsp_url: 'rtsp://admin:secret@10.0.0.9/i0',
      imager_count: 4,
      imagers: [
        { imager_id: 1, main_rtsp_url: 'rtsp://admin:secret@10.0.0.9/i1', sub_rtsp_url: 'rtsp://10.0.0.9/i1-sub' },
        { imager_id: 3, main_rtsp_url: 'rtsps://10.0.0.9/i3', sub_rtsp_url: null },
      ],
    });
  });

  it("edits a multi-imager camera's imagers: count read-only, URLs prefilled, only a changed one sent", async () => {
    serveCameras([yard]);
    server.use(
      http.get(apiPath(SOURCE_PATH), () =>
        json({
          main_rtsp_url: 'rtsp://10.0.0.6/i0',
          sub_rtsp_url: null,
          retention_days: 30,
          imagers: [
            { imager_id: 1, main_rtsp_url: 'rtsp://admin:secret@10.0.0.6/i1', sub_rtsp_url: null },
            { imager_id: 3, main_rtsp_url: 'rtsp://10.0.0.6/i3', sub_rtsp_url: 'rtsp://10.0.0.6/i3-sub' },
          ],
        }),
      ),
    );
    const captured: Captured = {};
    capture('put', CAMERA_PATH, () => json(yard), captured);
    const { user } = renderCameraManagement();
    await user.click(await screen.findByRole('button', { name: 'Edit Yard' }));
    const form = within(dialog());
    const imager2 = await form.findByLabelText(/^Imager 2 main stream URL/);
    expect(form.getByLabelText(/^Imagers/)).toHaveValue('4');
    expect(form.getByLabelText(/^Imagers/)).toHaveAttribute('readonly');
    expect(imager2).toHaveValue('rtsp://admin:••••••@10.0.0.6/i1');
    expect(imager2).toHaveAttribute('readonly');
    expect(form.getByLabelText(/^Imager 3 main stream URL/)).toHaveValue('');
    expect(form.getByLabelText(/^Imager 4 main stream URL/)).toHaveValue('rtsp://10.0.0.6/i3');
    expect(form.getByLabelText(/^Imager 4 sub-stream URL/)).toHaveValue('rtsp://10.0.0.6/i3-sub');

    await user.clear(form.getByLabelText(/^Imager 4 sub-stream URL/));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Camera Yard saved')).toBeInTheDocument();
    expect(captured.body).toEqual({
      name: 'Yard',
      model: 'MV93',
      tags: [],
      notes: '',
      retention_days: 30,
      imagers: [{ imager_id: 3, main_rtsp_url: 'rtsp://10.0.0.6/i3', sub_rtsp_url: null }],
    });
  });
});
