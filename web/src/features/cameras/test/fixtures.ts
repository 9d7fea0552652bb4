import { http } from 'msw';
import type { Camera, FloorPlan, User } from '../../../api/types';
import type { RootState } from '../../../app/store';
import { adminUser } from '../../../test/fixtures';
import { initialAuthState } from '../../auth/authSlice';
import { DEFAULT_PREFERENCES } from '../../preferences';
import { apiErrors, apiPath, json } from '../../../test/server';

export const NETWORK_ID = 5;
export const USER_ID = adminUser.id;

export function makeCamera(id: number, overrides: Partial<Camera> = {}): Camera {
  return {
    id,
    network_id: NETWORK_ID,
    organization_id: 10,
    mac: `00:18:0a:00:00:${String(id).padStart(2, '0')}`,
    serial: `Q2XX-0000-${id}`,
    model: 'MV22',
    name: `Camera ${id}`,
    notes: '',
    tags: [],
    status: 'active',
    type: 'standard',
    imager_count: 1,
    position: null,
    product_short_description: 'Indoor dome',
    channel: { id: id * 10, snapshot_url: null },
    config: {},
    permissions: { write: true, export: true, historical: true, live: true },
    ...overrides,
  };
}

export function makeFloorPlan(id: number, overrides: Partial<FloorPlan> = {}): FloorPlan {
  return {
    id,
    name: `Plan ${id}`,
    image_url: `/n1/floorplans/${id}/image`,
    image_extension: 'png',
    image_md5: 'md5',
    node_ids: [],
    node_group_ids: [NETWORK_ID],
    locale_id: 'loc-5',
    is_geoaligned: false,
    ne_lat: 600,
    ne_lng: 800,
    sw_lat: 0,
    sw_lng: 0,
    rotation_angle: 0,
    ...overrides,
  };
}

/** Store state of a signed-in administrator (or `user`); the map is off unless asked for. */
export function cameraAreaState(showFloorPlan = false, user: User = adminUser): Partial<RootState> {
  return {
    auth: { ...initialAuthState, user },
    preferences: { ...DEFAULT_PREFERENCES, showFloorPlan },
  };
}

export function camerasHandler(cameras: Camera[] | (() => Camera[])) {
  return http.get(apiPath('/n/:networkId/manage/vision/cameras'), () =>
    json(typeof cameras === 'function' ? cameras() : cameras),
  );
}

export function camerasErrorHandler() {
  return http.get(apiPath('/n/:networkId/manage/vision/cameras'), () => apiErrors(['boom'], 500));
}

export function floorPlansHandler(plans: FloorPlan[]) {
  return http.get(apiPath('/node_groups/:id/floorplans'), () => json(plans));
}
