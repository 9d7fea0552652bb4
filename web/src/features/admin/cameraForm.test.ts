import { describe, expect, it } from 'vitest';
import type { CameraSource } from '../../api/types';
import { makeCamera } from '../cameras/test/fixtures';
import {
  activeImagers,
  addCameraInput,
  type CameraFormValues,
  EMPTY_CAMERA_FORM,
  editCameraInput,
  editFormValues,
  hasUrlPassword,
  isRtspUrl,
  maskUrlPassword,
  validateCameraForm,
  withImagerUrl,
} from './cameraForm';

const valid: CameraFormValues = {
  ...EMPTY_CAMERA_FORM,
  name: ' Lobby ',
  mainUrl: 'rtsp://admin:secret@192.168.1.20:554/stream1',
};

/** `valid` as a camera with `count` imagers whose imager 2 (imager_id 1) and imager 4 (imager_id 3) have URLs. */
function multiImager(count: number): CameraFormValues {
  let values: CameraFormValues = { ...valid, imagerCount: count };
  values = withImagerUrl(values, 1, 'mainUrl', ' rtsp://h/i1-main ');
  values = withImagerUrl(values, 1, 'subUrl', 'rtsp://h/i1-sub');
  return withImagerUrl(values, 3, 'mainUrl', 'rtsp://h/i3-main');
}

/** The stored source of a 4-imager camera: imagers 2 and 4 have URLs, imager 3 has none. */
const multiImagerSource: CameraSource = {
  main_rtsp_url: 'rtsp://h/main',
  sub_rtsp_url: null,
  retention_days: 30,
  imagers: [
    { imager_id: 1, main_rtsp_url: 'rtsp://h/i1-main', sub_rtsp_url: 'rtsp://h/i1-sub' },
    { imager_id: 3, main_rtsp_url: 'rtsp://h/i3-main', sub_rtsp_url: null },
  ],
};
const multiImagerCamera = makeCamera(7, { name: 'Yard', type: 'multi_imager', imager_count: 4 });

describe('cameraForm', () => {
  it.each([
    ['rtsp://192.168.1.20:554/stream1', true],
    ['RTSPS://cam.local/live', true],
    ['rtsp://user:p@ss@host/x', true],
    ['http://cam.local/stream', false],
    ['rtsp://', false],
    ['rtsp:// host/stream', false],
    ['192.168.1.20:554', false],
  ])('%s is an RTSP URL: %s', (url, expected) => {
    expect(isRtspUrl(url)).toBe(expected);
  });

  it('accepts a valid form and reports every broken rule', () => {
    expect(validateCameraForm(valid, true)).toEqual({});
    const errors = validateCameraForm(
      {
        name: '  ',
        mainUrl: 'http://x',
        subUrl: 'ftp://y',
        model: 'm'.repeat(61),
        tags: ['t'.repeat(61)],
        notes: 'n'.repeat(2001),
        retentionDays: 0,
        imagerCount: 0,
        imagers: EMPTY_CAMERA_FORM.imagers,
      },
      true,
    );
    expect(errors).toEqual({
      name: { key: 'error-name-required' },
      mainUrl: { key: 'error-url-format' },
      subUrl: { key: 'error-url-format' },
      model: { key: 'error-too-long', values: { max: 60 } },
      tags: { key: 'error-tag-too-long', values: { max: 60 } },
      notes: { key: 'error-too-long', values: { max: 2000 } },
      retentionDays: { key: 'error-retention', values: { min: 1, max: 3650 } },
      imagerCount: { key: 'error-imager-count', values: { min: 1, max: 16 } },
    });
  });

  it('needs the main URL only when asked, and bounds names, tags and retention', () => {
    expect(validateCameraForm({ ...valid, mainUrl: '' }, true).mainUrl).toEqual({ key: 'error-main-url-required' });
    expect(validateCameraForm({ ...valid, mainUrl: '' }, false)).toEqual({});
    expect(validateCameraForm({ ...valid, name: 'n'.repeat(121) }, true).name?.key).toBe('error-too-long');
    expect(validateCameraForm({ ...valid, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, true).tags?.key).toBe(
      'error-too-many-tags',
    );
    expect(validateCameraForm({ ...valid, retentionDays: 3651 }, true).retentionDays).toBeDefined();
    expect(validateCameraForm({ ...valid, retentionDays: '' }, true).retentionDays).toBeDefined();
    expect(validateCameraForm({ ...valid, retentionDays: 3650 }, true)).toEqual({});
  });

  it.each([[1], [16]])('accepts %i imagers', (count) => {
    expect(validateCameraForm({ ...valid, imagerCount: count }, true)).toEqual({});
  });

  it.each([[0], [17], [2.5], ['' as const]])('rejects %s imagers', (count) => {
    expect(validateCameraForm({ ...valid, imagerCount: count }, true)).toEqual({
      imagerCount: { key: 'error-imager-count', values: { min: 1, max: 16 } },
    });
  });

  it('checks the URLs of the imagers below the count only, each on its own', () => {
    let values = withImagerUrl({ ...valid, imagerCount: 3 }, 1, 'subUrl', 'http://h/sub');
    values = withImagerUrl(values, 2, 'mainUrl', `rtsp://h/${'x'.repeat(2048)}`);
    values = withImagerUrl(values, 3, 'mainUrl', 'not a url');
    expect(validateCameraForm(values, true)).toEqual({
      imagers: {
        1: { subUrl: { key: 'error-url-format' } },
        2: { mainUrl: { key: 'error-too-long', values: { max: 2048 } } },
      },
    });
    expect(validateCameraForm(multiImager(4), true)).toEqual({});
    expect(validateCameraForm({ ...values, imagerCount: 1 }, true)).toEqual({});
  });

  it('shows imagers 1 … count − 1 while the count is valid and keeps typed URLs when it is lowered', () => {
    expect(activeImagers(valid)).toEqual([]);
    expect(activeImagers(multiImager(4)).map((imager) => imager.imagerId)).toEqual([1, 2, 3]);
    expect(activeImagers({ ...multiImager(4), imagerCount: '' })).toEqual([]);
    expect(activeImagers({ ...multiImager(4), imagerCount: 3 }).map((imager) => imager.imagerId)).toEqual([1, 2]);
    expect(activeImagers({ ...multiImager(4), imagerCount: 2 })[0]).toEqual({
      imagerId: 1,
      mainUrl: ' rtsp://h/i1-main ',
      subUrl: 'rtsp://h/i1-sub',
    });
  });

  it('builds the POST body, leaving an empty sub-stream out', () => {
    expect(addCameraInput({ ...valid, tags: ['a', ' '], model: ' MV ' })).toEqual({
      name: 'Lobby',
      model: 'MV',
      tags: ['a'],
      notes: '',
      retention_days: 30,
      main_rtsp_url: 'rtsp://admin:secret@192.168.1.20:554/stream1',
    });
    expect(addCameraInput({ ...valid, subUrl: 'rtsp://h/sub' }).sub_rtsp_url).toBe('rtsp://h/sub');
  });

  it('adds the imager count and the imagers that have a URL to the POST body of a multi-imager camera', () => {
    const input = addCameraInput(multiImager(4));
    expect(input.imager_count).toBe(4);
    expect(input.imagers).toEqual([
      { imager_id: 1, main_rtsp_url: 'rtsp://h/i1-main', sub_rtsp_url: 'rtsp://h/i1-sub' },
      { imager_id: 3, main_rtsp_url: 'rtsp://h/i3-main', sub_rtsp_url: null },
    ]);
    expect(addCameraInput({ ...valid, imagerCount: 4 })).toMatchObject({ imager_count: 4 });
    expect(addCameraInput({ ...valid, imagerCount: 4 })).not.toHaveProperty('imagers');
    // URLs typed for an imager above a lowered count are not sent.
    expect(addCameraInput({ ...multiImager(4), imagerCount: 2 }).imagers).toEqual([
      { imager_id: 1, main_rtsp_url: 'rtsp://h/i1-main', sub_rtsp_url: 'rtsp://h/i1-sub' },
    ]);
    expect(addCameraInput({ ...multiImager(4), imagerCount: 1 })).not.toHaveProperty('imager_count');
    expect(addCameraInput({ ...multiImager(4), imagerCount: 1 })).not.toHaveProperty('imagers');
  });

  it("prefills an edit from the camera's imager count and the source's imagers", () => {
    const values = editFormValues(multiImagerCamera, multiImagerSource);
    expect(values.imagerCount).toBe(4);
    expect(activeImagers(values)).toEqual([
      { imagerId: 1, mainUrl: 'rtsp://h/i1-main', subUrl: 'rtsp://h/i1-sub' },
      { imagerId: 2, mainUrl: '', subUrl: '' },
      { imagerId: 3, mainUrl: 'rtsp://h/i3-main', subUrl: '' },
    ]);
  });

  it('builds the PUT body with the stream URLs only when they changed; an emptied sub-stream is null', () => {
    const initial = { ...valid, name: 'Lobby', subUrl: 'rtsp://h/sub' };
    expect(editCameraInput(initial, initial)).not.toHaveProperty('main_rtsp_url');
    expect(editCameraInput(initial, initial)).not.toHaveProperty('sub_rtsp_url');
    const changed = editCameraInput({ ...initial, mainUrl: 'rtsp://h/new', subUrl: '' }, initial);
    expect(changed.main_rtsp_url).toBe('rtsp://h/new');
    expect(changed.sub_rtsp_url).toBeNull();
  });

  it('lists in the PUT body only the imagers whose URLs changed; an emptied imager has both URLs null', () => {
    const initial = editFormValues(multiImagerCamera, multiImagerSource);
    expect(editCameraInput(initial, initial)).not.toHaveProperty('imagers');
    expect(editCameraInput(initial, initial)).not.toHaveProperty('imager_count');
    expect(editCameraInput(withImagerUrl(initial, 1, 'mainUrl', ' rtsp://h/i1-main '), initial)).not.toHaveProperty(
      'imagers',
    );

    const changedSub = editCameraInput(withImagerUrl(initial, 1, 'subUrl', ''), initial);
    expect(changedSub.imagers).toEqual([{ imager_id: 1, main_rtsp_url: 'rtsp://h/i1-main', sub_rtsp_url: null }]);

    let edited = withImagerUrl(initial, 3, 'mainUrl', '');
    edited = withImagerUrl(edited, 2, 'mainUrl', 'rtsp://h/i2-main');
    expect(editCameraInput(edited, initial).imagers).toEqual([
      { imager_id: 2, main_rtsp_url: 'rtsp://h/i2-main', sub_rtsp_url: null },
      { imager_id: 3, main_rtsp_url: null, sub_rtsp_url: null },
    ]);
  });

  it('masks only the password of a URL', () => {
    expect(maskUrlPassword('rtsp://admin:secret@10.0.0.1/s')).toBe('rtsp://admin:••••••@10.0.0.1/s');
    expect(maskUrlPassword('rtsp://admin:p@ss@10.0.0.1:554/s')).toBe('rtsp://admin:••••••@10.0.0.1:554/s');
    expect(maskUrlPassword('rtsp://admin@10.0.0.1/s')).toBe('rtsp://admin@10.0.0.1/s');
    expect(hasUrlPassword('rtsp://10.0.0.1:554/s')).toBe(false);
  });
});
