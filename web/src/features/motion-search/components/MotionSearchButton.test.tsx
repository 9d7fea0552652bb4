import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../api/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInState } from '../../../test/state';
import { makeCamera, NETWORK_ID } from '../../cameras/test/fixtures';
import { MotionSearchButton } from './MotionSearchButton';

function renderButton(camera: Camera) {
  return renderWithProviders(<MotionSearchButton camera={camera} />, {
    route: `/n/${NETWORK_ID}/cameras/${camera.id}`,
    path: '/n/:networkId/cameras/:cameraId',
    preloadedState: signedInState(),
  });
}

describe('motion search button', () => {
  it('opens the motion search drawer for the camera', async () => {
    const { user } = renderButton(makeCamera(3, { name: 'Yard' }));
    await user.click(screen.getByRole('button', { name: 'Motion search' }));
    // The drawer's code is its own chunk: a loading drawer first, then the drawer for the camera.
    await screen.findByText('Yard');
    expect(screen.getByRole('dialog', { name: 'Motion search' })).toHaveTextContent('Yard');
  });

  it("is disabled with the tooltip 'pandora-enabled' when the camera has pandora enabled", async () => {
    const { user } = renderButton(makeCamera(3, { config: { pandora: { isEnabled: true } } }));
    const button = screen.getByRole('button', { name: 'Motion search' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.hover(button);
    expect(await screen.findByText('Motion search is unavailable while pandora is enabled on this camera')).toBeInTheDocument();
  });

  it('is disabled without the historical right', async () => {
    const camera = makeCamera(3, { permissions: { write: false, export: true, historical: false, live: true } });
    const { user } = renderButton(camera);
    const button = screen.getByRole('button', { name: 'Motion search' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
  });
});
