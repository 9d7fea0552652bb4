import { describe, expect, it } from 'vitest';
import {
  addCameraInput,
  type CameraFormValues,
  EMPTY_CAMERA_FORM,
  editCameraInput,
  hasUrlPassword,
  isRtspUrl,
  maskUrlPassword,
  validateCameraForm,
} from './cameraForm';

const valid: CameraFormValues = {
  ...EMPTY_CAMERA_FORM,
  name: ' Lobby ',
  mainUrl: 'rtsp://admin:secret@192.168.1.20:554/stream1',
};

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

  it('builds the PUT body with the stream URLs only when they changed; an emptied sub-stream is null', () => {
    const initial = { ...valid, name: 'Lobby', subUrl: 'rtsp://h/sub' };
    expect(editCameraInput(initial, initial)).not.toHaveProperty('main_rtsp_url');
    expect(editCameraInput(initial, initial)).not.toHaveProperty('sub_rtsp_url');
    const changed = editCameraInput({ ...initial, mainUrl: 'rtsp://h/new', subUrl: '' }, initial);
    expect(changed.main_rtsp_url).toBe('rtsp://h/new');
    expect(changed.sub_rtsp_url).toBeNull();
  });

  it('masks only the password of a URL', () => {
    expect(maskUrlPassword('rtsp://admin:secret@10.0.0.1/s')).toBe('rtsp://admin:••••••@10.0.0.1/s');
    expect(maskUrlPassword('rtsp://admin:p@ss@10.0.0.1:554/s')).toBe('rtsp://admin:••••••@10.0.0.1:554/s');
    expect(maskUrlPassword('rtsp://admin@10.0.0.1/s')).toBe('rtsp://admin@10.0.0.1/s');
    expect(hasUrlPassword('rtsp://10.0.0.1:554/s')).toBe(false);
  });
});
