import { fireEvent, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DewarpCanvas } from './DewarpCanvas';
import { defaultView, type DewarpView, MAX_FOV_DEG } from './projection';

// jsdom has no WebGL: a renderer that draws nothing makes the view interactive, as in a browser.
vi.mock('./dewarpRenderer', () => ({
  webglContext: () => ({}),
  videoHasFrame: () => false,
  DewarpRenderer: class {
    setCircle() {}
    setTexCoords() {}
    draw() {}
    uploadFrame() {
      return false;
    }
    dispose() {}
  },
}));

function Harness({ start, onExit }: { start: DewarpView; onExit?: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [view, setView] = useState(start);
  return (
    <div style={{ position: 'relative' }}>
      <video ref={videoRef} />
      <DewarpCanvas videoRef={videoRef} view={view} mount="ceiling" onViewChange={setView} onZoomOutPastMax={onExit} />
    </div>
  );
}

const fov = () => Number(screen.getByTestId('dewarp-view').dataset.fov);

describe('DewarpCanvas zoom out past the widest view', () => {
  it('zooms out by wheel notches up to 85° and calls onZoomOutPastMax on the next notch out', () => {
    const onExit = vi.fn();
    renderWithProviders(<Harness start={defaultView('ceiling')} onExit={onExit} />);
    const view = screen.getByRole('application');
    // 60 → 66 → 72.6 → 79.86 → 85 (clamped): still dewarped.
    for (let notch = 0; notch < 4; notch++) fireEvent.wheel(view, { deltaY: 100 });
    expect(fov()).toBe(MAX_FOV_DEG);
    expect(onExit).not.toHaveBeenCalled();
    const past = fireEvent.wheel(view, { deltaY: 100 });
    expect(past).toBe(false); // prevented: the page does not scroll either
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(fov()).toBe(MAX_FOV_DEG);
    // Zooming in at the widest view is an ordinary zoom.
    fireEvent.wheel(view, { deltaY: -100 });
    expect(fov()).toBeLessThan(MAX_FOV_DEG);
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it("calls it for '-' at 85° (not for '+'), and a pinch in at 85°", () => {
    const onExit = vi.fn();
    renderWithProviders(<Harness start={{ ...defaultView('ceiling'), fov: MAX_FOV_DEG }} onExit={onExit} />);
    const view = screen.getByRole('application');
    fireEvent.keyDown(view, { key: '+' });
    expect(onExit).not.toHaveBeenCalled();
    expect(fov()).toBeLessThan(MAX_FOV_DEG);
    fireEvent.keyDown(view, { key: '-' }); // back to 85°
    expect(fov()).toBeCloseTo(MAX_FOV_DEG, 4);
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.keyDown(view, { key: '-' }); // past it
    expect(onExit).toHaveBeenCalledTimes(1);

    fireEvent.pointerDown(view, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(view, { pointerId: 2, button: 0, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(view, { pointerId: 2, clientX: 200, clientY: 100 }); // fingers closer: zoom out
    expect(onExit).toHaveBeenCalledTimes(2);
  });

  it('without the callback a zoom out at 85° stays at 85°', () => {
    renderWithProviders(<Harness start={{ ...defaultView('ceiling'), fov: MAX_FOV_DEG }} />);
    const view = screen.getByRole('application');
    fireEvent.wheel(view, { deltaY: 100 });
    fireEvent.keyDown(view, { key: '-' });
    expect(fov()).toBe(MAX_FOV_DEG);
  });
});
