import { describe, expect, it } from 'vitest';
import {
  clampFov,
  clampView,
  DEWARP_GRID_SIZE,
  defaultView,
  dewarpGrid,
  dragView,
  fisheyeTexCoord,
  lensCircle,
  mountOf,
  pinchZoom,
  projectPoint,
  tileView,
  viewBasis,
  wheelZoom,
} from './projection';

const close = (actual: number[], expected: number[], digits = 6) =>
  actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i], digits));

describe('fisheyeTexCoord (equidistant, 180-degree lens, circle = frame)', () => {
  it('maps the lens axis to the image centre', () => {
    close(fisheyeTexCoord([0, 0, 1]), [0.5, 0.5]);
  });
  it('maps a ray 90 degrees off the axis to the rim', () => {
    close(fisheyeTexCoord([1, 0, 0]), [1, 0.5]);
    close(fisheyeTexCoord([0, -1, 0]), [0.5, 0]);
  });
  it('is linear in the angle from the axis', () => {
    const at45 = fisheyeTexCoord([Math.SQRT1_2, 0, Math.SQRT1_2]);
    close(at45, [0.75, 0.5]);
  });
  it('puts a 75-degree ray on the rim of a 150-degree lens', () => {
    const angle = (75 * Math.PI) / 180;
    close(fisheyeTexCoord([Math.sin(angle), 0, Math.cos(angle)], 150), [1, 0.5]);
  });
  it('keeps the circle inside the shorter side of a non-square frame', () => {
    const circle = lensCircle(2000, 1000);
    close(fisheyeTexCoord([1, 0, 0], 180, circle), [0.75, 0.5]);
    close(fisheyeTexCoord([0, 1, 0], 180, circle), [0.5, 1]);
  });
});

describe('projectPoint', () => {
  it('ceiling: looking straight down (phi = pi) sees the image centre', () => {
    close(projectPoint({ phi: Math.PI, theta: 0, fov: 60 }, 'ceiling', 0, 0), [0.5, 0.5]);
  });
  it('ceiling: the default view (0.75 pi) is 45 degrees off the axis, theta turning it round the centre', () => {
    const view = defaultView('ceiling');
    close(projectPoint(view, 'ceiling', 0, 0), [0.75, 0.5]);
    close(projectPoint({ ...view, theta: Math.PI / 2 }, 'ceiling', 0, 0), [0.5, 0.75]);
    close(projectPoint({ ...view, theta: Math.PI }, 'ceiling', 0, 0), [0.25, 0.5]);
    close(projectPoint({ ...view, theta: 1.5 * Math.PI }, 'ceiling', 0, 0), [0.5, 0.25]);
  });
  it('ceiling: the horizon (phi = pi/2) is the rim', () => {
    close(projectPoint({ phi: Math.PI / 2, theta: 0, fov: 60 }, 'ceiling', 0, 0), [1, 0.5]);
  });
  it('ceiling: the view is upright — its top is further from the centre than its bottom', () => {
    const view = defaultView('ceiling');
    const top = projectPoint(view, 'ceiling', 0, 1);
    const bottom = projectPoint(view, 'ceiling', 0, -1);
    expect(top[0]).toBeGreaterThan(bottom[0]);
    close([top[1]], [0.5]);
  });
  it('wall: the default view (phi pi/2, theta 0) is the image centre; up is up, right is right', () => {
    const view = defaultView('wall');
    close(projectPoint(view, 'wall', 0, 0), [0.5, 0.5]);
    const [, vTop] = projectPoint(view, 'wall', 0, 1);
    expect(vTop).toBeLessThan(0.5);
    const [uRight] = projectPoint(view, 'wall', 1, 0);
    expect(uRight).toBeGreaterThan(0.5);
  });
  it('wall: pan right and tilt down move along the image axes', () => {
    close(projectPoint({ phi: Math.PI / 2, theta: Math.PI / 4, fov: 60 }, 'wall', 0, 0), [0.75, 0.5]);
    close(projectPoint({ phi: 0.75 * Math.PI, theta: 0, fov: 60 }, 'wall', 0, 0), [0.5, 0.75]);
  });
  it('the field of view reaches tan(fov/2) to the sides', () => {
    // Wall centre view, fov 60: the right edge is 30 degrees off the axis → 30/90 of the radius.
    close(projectPoint(defaultView('wall'), 'wall', 1, 0), [0.5 + 0.5 / 3, 0.5]);
    // 16:9: the top edge is atan(tan 30 * 9/16) off the axis.
    const angle = Math.atan(Math.tan(Math.PI / 6) * (9 / 16));
    close(projectPoint(defaultView('wall'), 'wall', 0, 1), [0.5, 0.5 - (angle / (Math.PI / 2)) * 0.5]);
  });
});

describe('viewBasis', () => {
  it('is orthonormal', () => {
    for (const mount of ['ceiling', 'wall'] as const) {
      const { forward, right, up } = viewBasis({ phi: 2.1, theta: 0.7 }, mount);
      const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      close([dot(forward, right), dot(forward, up), dot(right, up)], [0, 0, 0]);
      close([dot(forward, forward), dot(right, right), dot(up, up)], [1, 1, 1]);
    }
  });
});

describe('dewarpGrid', () => {
  it('is a 60 x 60 mesh with texture coordinates per vertex', () => {
    const grid = dewarpGrid(defaultView('ceiling'), 'ceiling');
    const vertices = (DEWARP_GRID_SIZE + 1) ** 2;
    expect(grid.size).toBe(60);
    expect(grid.positions).toHaveLength(vertices * 2);
    expect(grid.texCoords).toHaveLength(vertices * 2);
    expect(grid.indices).toHaveLength(60 * 60 * 6);
    expect(Math.max(...grid.indices)).toBe(vertices - 1);
    // The middle vertex is the view's centre.
    const middle = (30 * 61 + 30) * 2;
    close([grid.positions[middle], grid.positions[middle + 1]], [0, 0]);
    close([grid.texCoords[middle], grid.texCoords[middle + 1]], [0.75, 0.5], 5);
    // The first vertex is the top-left corner.
    close([grid.positions[0], grid.positions[1]], [-1, 1]);
    close(
      [grid.texCoords[0], grid.texCoords[1]],
      projectPoint(defaultView('ceiling'), 'ceiling', -1, 1),
      5,
    );
  });
});

describe('clamps and gestures', () => {
  it('keeps the field of view within 10..85', () => {
    expect(clampFov(5)).toBe(10);
    expect(clampFov(100)).toBe(85);
    expect(clampFov(42)).toBe(42);
    expect(clampFov(Number.NaN)).toBe(60);
  });
  it('keeps a ceiling view between the horizon and straight down, theta wrapped', () => {
    const view = clampView({ phi: 0.2, theta: -Math.PI / 2, fov: 200 }, 'ceiling');
    close([view.phi, view.theta, view.fov], [Math.PI / 2, 1.5 * Math.PI, 85]);
    expect(clampView({ phi: 4, theta: 0, fov: 60 }, 'ceiling').phi).toBeCloseTo(Math.PI);
  });
  it('keeps a wall view within the half-sphere in front', () => {
    const view = clampView({ phi: -1, theta: 2, fov: 1 }, 'wall');
    close([view.phi, view.theta, view.fov], [0, Math.PI / 2, 10]);
    expect(clampView({ phi: 1, theta: -0.3, fov: 60 }, 'wall').theta).toBeCloseTo(-0.3);
  });
  it('drags by one radian per 400 px at the default fov, the picture following the pointer', () => {
    const start = defaultView('wall');
    const dragged = dragView(start, 40, -20, 'wall');
    close([dragged.theta, dragged.phi], [-0.1, Math.PI / 2 + 0.05]);
    const zoomed = dragView({ ...start, fov: 30 }, 40, 0, 'wall');
    expect(zoomed.theta).toBeCloseTo(-0.05);
  });
  it('zooms by 10 % per wheel notch and by ratio^1.5 on a pinch, within 10..85', () => {
    expect(wheelZoom(60, 1)).toBeCloseTo(66);
    expect(wheelZoom(60, -1)).toBeCloseTo(60 / 1.1);
    expect(wheelZoom(80, 3)).toBe(85);
    expect(pinchZoom(60, 2)).toBeCloseTo(60 / 2 ** 1.5);
    expect(pinchZoom(60, 0.1)).toBe(85);
    expect(pinchZoom(60, 0)).toBe(60);
  });
});

describe('tileView and mountOf', () => {
  it('reads a tile view, phi as a number or a string; no phi is the raw circle', () => {
    close(Object.values(tileView({ phi: '1.5', theta: '0.25', fov: 40 }, 'wall')!), [1.5, 0.25, 40]);
    expect(tileView({ phi: null, theta: 0, fov: 60 }, 'ceiling')).toBeNull();
    expect(tileView({}, 'ceiling')).toBeNull();
    expect(tileView({ phi: 0.75 * Math.PI }, 'ceiling')).toEqual({ phi: 0.75 * Math.PI, theta: 0, fov: 60 });
  });
  it('takes mount_vertical as a wall mount', () => {
    expect(mountOf({ config: { mount_vertical: true } })).toBe('wall');
    expect(mountOf({ config: { mount_vertical: false } })).toBe('ceiling');
    expect(mountOf({})).toBe('ceiling');
  });
});
