import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { jobDataHandler } from '../test/exportFixtures';
import { CameraExportButton, exportBlocker } from './CameraExportButton';

function renderButton(camera: Camera) {
  server.use(jobDataHandler(() => []));
  return renderWithProviders(<CameraExportButton camera={camera} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    path: '/n/:networkId/cameras/:cameraId',
    preloadedState: signedInState(),
  });
}

describe("camera page 'Export' button (spec 03 §2, §6)", () => {
  it('opens the exports drawer (side drawer EXPORTS_CAMERA) for the camera', async () => {
    const { user } = renderButton(makeCamera(3, { name: 'Yard' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    // The drawer's code is its own chunk: a loading drawer first, then the camera's drawer.
    const drawer = await screen.findByTestId('camera-exports-drawer');
    expect(drawer).toHaveAttribute('data-drawer', 'EXPORTS_CAMERA');
    expect(drawer).toHaveTextContent('Yard');
    expect(await screen.findByText('No exports of this camera yet')).toBeInTheDocument();
  });

  it("is disabled with 'Insufficient permissions' without the export right", async () => {
    const camera = makeCamera(3, { permissions: { write: false, export: false, historical: true, live: true } });
    const { user } = renderButton(camera);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.hover(button);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
  });

  it('is disabled on a multi-sensor camera, whose page shows its imagers (spec 02 §2)', async () => {
    const { user } = renderButton(makeCamera(3, { imager_count: 4 }));
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByText('Export is not available for multi-sensor cameras')).toBeInTheDocument();
  });

  it('is allowed when the camera carries no permission data', () => {
    const camera = { ...makeCamera(3), permissions: undefined } as unknown as Camera;
    expect(exportBlocker(camera)).toBeNull();
    expect(exportBlocker(makeCamera(3))).toBeNull();
  });
});
