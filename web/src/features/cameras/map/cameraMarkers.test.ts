import { describe, expect, it } from 'vitest';
import { makeCamera } from '../test/fixtures';
import { cameraTooltipContent, markerClassName, markerSvg } from './cameraMarkers';

describe('camera markers', () => {
  it('tells active from offline and marks the current camera', () => {
    expect(markerClassName({ status: 'active' }, false)).toBe('argus-camera-marker argus-camera-marker--online');
    expect(markerClassName({ status: 'dormant' }, true)).toBe(
      'argus-camera-marker argus-camera-marker--offline argus-camera-marker--current',
    );
  });

  it('draws the cone only for a camera with a rotation', () => {
    expect(markerSvg(45)).toContain('class="argus-fov"');
    expect(markerSvg(undefined)).not.toContain('argus-fov');
    expect(markerSvg(undefined)).toContain('<circle class="argus-dot"');
  });

  it('shows the snapshot and the name, or a placeholder and the MAC', () => {
    const named = cameraTooltipContent(makeCamera(1, { name: 'Lobby', channel: { id: 1, snapshot_url: '/s.jpg' } }));
    expect(named.querySelector('img')?.getAttribute('src')).toBe('/s.jpg');
    expect(named.textContent).toBe('Lobby');

    const unnamed = cameraTooltipContent(
      makeCamera(2, { name: '', mac: 'aa:bb', channel: { id: 2, snapshot_url: null } }),
    );
    expect(unnamed.querySelector('img')).toBeNull();
    expect(unnamed.querySelector('.argus-camera-tooltip__placeholder')).not.toBeNull();
    expect(unnamed.textContent).toBe('aa:bb');
  });

  it('never interprets a camera name as HTML', () => {
    const content = cameraTooltipContent(makeCamera(3, { name: '<img src=x onerror=alert(1)>' }));
    expect(content.querySelectorAll('img')).toHaveLength(0);
    expect(content.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
