import { describe, expect, it } from 'vitest';
import { makeCamera } from '../cameras/test/fixtures';
import { attributeIncompatibility, attributeSupport, cameraWarnings, incompatibleCameras } from './cameraWarnings';

const plain = makeCamera(1);
const attributes = makeCamera(2, { config: { features: { hasAttributeDetection: true, hasPeopleDetection: true } } });
const vehicles = makeCamera(3, { config: { features: { hasVehicleDetection: true } } });
const both = makeCamera(4, { config: { features: { hasAttributeDetection: true, hasVehicleDetection: true } } });
const off = { people: false, vehicles: false };

describe('camera warnings', () => {
  it('cards warn about missing attribute and vehicle detection', () => {
    expect(cameraWarnings(plain)).toEqual(expect.arrayContaining(['attribute-not-configured', 'vehicle-not-configured']));
    expect(cameraWarnings(both)).not.toContain('attribute-not-configured');
    expect(cameraWarnings(both)).not.toContain('vehicle-not-configured');
  });

  it('colour filters need attribute detection, vehicle filters vehicle detection', () => {
    const cameras = [plain, attributes, vehicles, both];
    expect(incompatibleCameras(cameras, off)).toEqual([]);
    expect(incompatibleCameras(cameras, { ...off, topClothing: ['red'] })).toEqual([1, 3]);
    expect(incompatibleCameras(cameras, { ...off, vehicleType: ['bus'] })).toEqual([1, 2]);
    expect(incompatibleCameras(cameras, { ...off, vehicleColor: ['blue'] })).toEqual([1, 2, 3]);
  });

  it('attribute filters are supported when a selected camera has the detection they need', () => {
    expect(attributeSupport([plain])).toEqual({ clothing: false, vehicleColor: false, vehicleType: false });
    expect(attributeSupport([attributes, vehicles])).toEqual({ clothing: true, vehicleColor: false, vehicleType: true });
    expect(attributeSupport([both])).toEqual({ clothing: true, vehicleColor: true, vehicleType: true });
  });

  it('warns (colour, vehicle or both) only when a kind of filter starts being used', () => {
    const cameras = [attributes, vehicles];
    expect(attributeIncompatibility(cameras, {}, { topClothing: ['red'] })).toEqual({ warning: 'colour', cameraIds: [3] });
    expect(attributeIncompatibility(cameras, { topClothing: ['red'] }, { topClothing: ['red', 'blue'] })).toBeNull();
    expect(attributeIncompatibility(cameras, {}, { vehicleType: ['car'] })).toEqual({ warning: 'vehicle', cameraIds: [2] });
    expect(attributeIncompatibility(cameras, {}, { vehicleColor: ['red'] })).toEqual({ warning: 'colour-vehicle', cameraIds: [3, 2] });
    expect(attributeIncompatibility([both], {}, { vehicleColor: ['red'] })).toBeNull();
  });
});
