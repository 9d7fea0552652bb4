import { describe, expect, it } from 'vitest';
import { fovCone, pointAtBearing } from './fovCone';

const center = { x: 50, y: 50 };

describe('pointAtBearing', () => {
  it('measures clockwise from up with screen y pointing down', () => {
    expect(pointAtBearing(center, 0, 10)).toEqual({ x: 50, y: 40 });
    expect(pointAtBearing(center, 90, 10)).toEqual({ x: 60, y: 50 });
    expect(pointAtBearing(center, 180, 10)).toEqual({ x: 50, y: 60 });
    expect(pointAtBearing(center, 270, 10)).toEqual({ x: 40, y: 50 });
  });
});

describe('fovCone', () => {
  it('opens a 60° wedge around the viewing direction', () => {
    const cone = fovCone(center, 0, 10, 60);
    expect(cone.left).toEqual({ x: 45, y: 41.34 });
    expect(cone.right).toEqual({ x: 55, y: 41.34 });
    expect(cone.path).toBe('M 50 50 L 45 41.34 A 10 10 0 0 1 55 41.34 Z');
  });

  it('turns with the rotation (facing east)', () => {
    const cone = fovCone(center, 90, 10, 60);
    expect(cone.left).toEqual({ x: 58.66, y: 45 });
    expect(cone.right).toEqual({ x: 58.66, y: 55 });
  });

  it('uses the large-arc flag past 180°', () => {
    expect(fovCone(center, 0, 10, 270).path).toContain('A 10 10 0 1 1');
  });
});
