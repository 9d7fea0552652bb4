import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeCamera } from '../../cameras/test/fixtures';
import { fiveCameras } from '../test/renderEventSearch';
import { CameraSelectModal } from './CameraSelectModal';

function renderModal(selectedIds: number[] = [], cameras = fiveCameras) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <CameraSelectModal opened cameras={cameras} selectedIds={selectedIds} regions={{}} onClose={onClose} onConfirm={onConfirm} />,
  );
  return { ...rendered, onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Select cameras' }) };
}

describe('camera selection modal', () => {
  it('selects at most 4 cameras: the others are disabled; the count and Deselect all follow', async () => {
    const { user, dialog, onConfirm } = renderModal();
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });
    expect(within(dialog).getByTestId('camera-count')).toHaveTextContent('0 of 4 selected');
    for (const name of ['Lobby', 'Dock', 'Yard', 'Gate']) await user.click(box(name));
    expect(within(dialog).getByTestId('camera-count')).toHaveTextContent('4 of 4 selected');
    expect(box('Roof')).toBeDisabled();
    await user.click(box('Yard'));
    expect(box('Roof')).toBeEnabled();
    await user.click(box('Roof'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith([1001, 1002, 1004, 1005], {});

    await user.click(within(dialog).getByRole('button', { name: 'Deselect all' }));
    expect(within(dialog).getByTestId('camera-count')).toHaveTextContent('0 of 4 selected');
    expect(within(dialog).getByRole('button', { name: 'Select region' })).toBeDisabled();
  });

  it('searches, switches to a grid, and shows the cameras’ warnings', async () => {
    const cameras = [
      ...fiveCameras.slice(0, 2),
      makeCamera(1006, { name: 'Archive', status: 'offline', permissions: { write: false, export: false, historical: false, live: true } }),
    ];
    const { user, dialog } = renderModal([], cameras);
    const archive = within(dialog).getByRole('checkbox', { name: 'Archive' });
    expect(archive).toBeDisabled();
    const card = archive.closest('[data-testid="camera-option"]') as HTMLElement;
    expect(within(card).getByTestId('camera-warnings')).toHaveTextContent(
      /Offline.*Insufficient permissions.*Attribute detection not configured.*Vehicle detection not configured/,
    );
    await user.type(within(dialog).getByRole('searchbox', { name: 'Camera search' }), 'doc');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByRole('checkbox', { name: 'Dock' })).toBeInTheDocument();
    await user.click(within(dialog).getByText('Grid'));
    expect(within(dialog).getByRole('radio', { name: 'Grid' })).toBeChecked();
  });

  it('stage 2 draws a region per camera; Back returns, Update confirms cameras and regions', async () => {
    const { user, dialog, onConfirm } = renderModal([1001]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select region' }));
    const regions = within(dialog).getAllByTestId('camera-region');
    expect(regions.map((region) => within(region).getByRole('img').getAttribute('aria-label'))).toEqual(['Region of Lobby', 'Region of Dock']);
    expect(within(regions[0]).getByTestId('roi-rect')).toHaveAttribute('data-roi', '0,0,60,34');

    const area = within(regions[0]).getByTestId('roi-selector');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 600, height: 340, right: 600, bottom: 340, x: 0, y: 0, toJSON: () => '' });
    fireEvent.pointerDown(area, { button: 0, clientX: 105, clientY: 55, pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 295, clientY: 155, pointerId: 1 });
    fireEvent.pointerUp(area, { clientX: 295, clientY: 155, pointerId: 1 });
    expect(within(regions[0]).getByTestId('roi-rect')).toHaveAttribute('data-roi', '10,5,20,11');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Dock' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Select region' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(onConfirm).toHaveBeenCalledWith([1001, 1002], { 1001: { x: 10, y: 5, w: 20, h: 11 } });
  });
});
