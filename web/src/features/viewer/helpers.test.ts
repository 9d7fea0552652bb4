import { describe, expect, it } from 'vitest';
import { makeCamera } from '../cameras/test/fixtures';
import { codecHasAudio } from './audio';
import { historyUrl, imagerStreamName, liveInitUrl, liveUrl } from './mediaUrls';
import { framesLiveUrl } from './player/framesProtocol';
import { wsLiveUrl } from './player/wsLiveProtocol';
import { mediaToWallMs, timedFragments, wallToMediaS } from './programDateTime';
import { qualityLabel, qualityOptions, streamForQuality } from './quality';
import { screenshotFileName } from './screenshot';
import { isTypingTarget, shortcutFor } from './shortcuts';
import { clampPan, clampScale, panBy, visibleRect, zoomAt } from './zoom';

describe('programDateTime mapping', () => {
  const frags = timedFragments([
    { start: 2, duration: 2, programDateTime: 10_000 },
    { start: 0, duration: 2, programDateTime: 8_000 },
    { start: 4, duration: 2, programDateTime: 20_000 }, // after a 6 s recording gap
    { start: 6, duration: 2, programDateTime: null },
  ]);

  it('orders fragments with a date', () => {
    expect(frags.map((frag) => frag.startS)).toEqual([0, 2, 4]);
  });

  it('maps media time to the wall clock', () => {
    expect(mediaToWallMs(frags, 0)).toBe(8_000);
    expect(mediaToWallMs(frags, 3.5)).toBe(11_500);
    expect(mediaToWallMs(frags, 4.25)).toBe(20_250);
    expect(mediaToWallMs([], 1)).toBeNull();
  });

  it('maps the wall clock to media time, gaps to the next recording', () => {
    expect(wallToMediaS(frags, 9_000)).toBe(1);
    expect(wallToMediaS(frags, 15_000)).toBe(4);
    expect(wallToMediaS(frags, 21_000)).toBe(5);
    expect(wallToMediaS(frags, 7_000)).toBeNull();
    expect(wallToMediaS(frags, 22_000)).toBeNull();
  });
});

describe('digital zoom', () => {
  it('clamps the scale to 1–8', () => {
    expect(clampScale(0.5)).toBe(1);
    expect(clampScale(9)).toBe(8);
    expect(clampScale(2.345)).toBe(2.35);
  });

  it('keeps the frame covering the area when panning', () => {
    expect(clampPan({ scale: 2, x: 50, y: -500 }, 400, 200)).toEqual({ scale: 2, x: 0, y: -200 });
    expect(panBy({ scale: 1, x: 0, y: 0 }, 30, 30, 400, 200)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('zooms around the pointer', () => {
    const zoomed = zoomAt({ scale: 1, x: 0, y: 0 }, 2, 200, 100, 400, 200);
    expect(zoomed).toEqual({ scale: 2, x: -200, y: -100 });
    expect(visibleRect(zoomed, 400, 200)).toEqual({ left: 0.25, top: 0.25, width: 0.5, height: 0.5 });
    expect(zoomAt(zoomed, 0.5, 0, 0, 400, 200)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

describe('quality', () => {
  const camera = makeCamera(1, {
    channel: { id: 10, snapshot_url: null, local_lan_livestream_path: '/n1/cameras/1/live/sub/' },
  });

  it('labels heights', () => {
    expect(qualityLabel(1512)).toBe('4MP');
    expect(qualityLabel(2160)).toBe('4K');
    expect(qualityLabel(1080)).toBe('1080p');
  });

  it('offers auto and a level per stream of known height, never an invented one', () => {
    expect(qualityOptions({ main: 1512, sub: 360 })).toEqual([{ value: -1 }, { value: 1, height: 1512 }, { value: 0, height: 360 }]);
    expect(qualityOptions({ main: 720 })).toEqual([{ value: -1 }, { value: 1, height: 720 }]);
    expect(qualityOptions({ sub: 360 })).toEqual([{ value: -1 }, { value: 0, height: 360 }]);
    expect(qualityOptions({ main: 720, sub: 720 })).toEqual([{ value: -1 }, { value: 1, height: 720 }]);
    expect(qualityOptions({})).toEqual([{ value: -1 }]);
  });

  it('picks main for high, sub for low, and by width for auto', () => {
    expect(streamForQuality(1, camera, 300)).toBe('main');
    expect(streamForQuality(0, camera, 1200)).toBe('sub');
    expect(streamForQuality(-1, camera, 300)).toBe('sub');
    expect(streamForQuality(-1, camera, 1200)).toBe('main');
    expect(streamForQuality(0, makeCamera(2), 1200)).toBe('main');
  });
});

describe('media urls', () => {
  it('uses the channel live directories and the playlist file name', () => {
    const camera = makeCamera(7, {
      channel: {
        id: 70,
        snapshot_url: null,
        livestream_playlist_filename: 'index.m3u8',
        cloud_proxy_livestream_path: '/n1/cameras/7/live/main/',
        local_lan_livestream_path: '/n1/cameras/7/live/sub',
      },
    });
    expect(liveUrl(camera, 'main', 1)).toBe('/n1/cameras/7/live/main/index.m3u8');
    expect(liveUrl(camera, 'sub', 1)).toBe('/n1/cameras/7/live/sub/index.m3u8');
    expect(liveUrl(makeCamera(8), 'main', 3)).toBe('/n3/cameras/8/live/main/index.m3u8');
    expect(liveInitUrl(camera, 'sub', 1)).toBe('/n1/cameras/7/live/sub/init.mp4');
  });

  it("plays every imager of a camera on another shard from that shard (its channel's paths name it)", () => {
    const camera = makeCamera(1008, {
      type: 'multi_imager',
      imager_count: 4,
      channel: {
        id: 10080,
        snapshot_url: null,
        livestream_playlist_filename: 'index.m3u8',
        cloud_proxy_livestream_path: '/n2/cameras/1008/live/main/',
        local_lan_livestream_path: '/n2/cameras/1008/live/sub/',
      },
    });
    expect(liveUrl(camera, 'main', 1)).toBe('/n2/cameras/1008/live/main/index.m3u8');
    expect(liveUrl(camera, 'sub', 1, 2)).toBe('/n2/cameras/1008/live/sub-imager2/index.m3u8');
    expect(liveInitUrl(camera, 'main', 1, 3)).toBe('/n2/cameras/1008/live/main-imager3/init.mp4');
  });

  it("names a multi-imager camera's streams: imager 0 as today, imager k as main-imager{k} / sub-imager{k}", () => {
    for (const imagerId of [0, null, undefined]) {
      expect(imagerStreamName('main', imagerId)).toBe('main');
      expect(imagerStreamName('sub', imagerId)).toBe('sub');
    }
    expect(imagerStreamName('main', 1)).toBe('main-imager1');
    expect(imagerStreamName('sub', 3)).toBe('sub-imager3');
  });

  it("plays imager 0 from the channel's paths and the other imagers from argusd's own, on every live route", () => {
    const camera = makeCamera(1008, {
      type: 'multi_imager',
      imager_count: 4,
      channel: {
        id: 10080,
        snapshot_url: null,
        livestream_playlist_filename: 'index.m3u8',
        cloud_proxy_livestream_path: '/n1/cameras/1008/live/main/',
        local_lan_livestream_path: '/n1/cameras/1008/live/sub/',
      },
    });
    for (const imagerId of [0, null, undefined]) {
      expect(liveUrl(camera, 'sub', 1, imagerId)).toBe(liveUrl(camera, 'sub', 1));
      expect(liveInitUrl(camera, 'main', 1, imagerId)).toBe(liveInitUrl(camera, 'main', 1));
    }
    expect(liveUrl(camera, 'sub', 1, 0)).toBe('/n1/cameras/1008/live/sub/index.m3u8');
    expect(liveUrl(camera, 'sub', 1, 2)).toBe('/n1/cameras/1008/live/sub-imager2/index.m3u8');
    expect(liveUrl(camera, 'main', 1, 3)).toBe('/n1/cameras/1008/live/main-imager3/index.m3u8');
    expect(liveInitUrl(camera, 'main', 1, 1)).toBe('/n1/cameras/1008/live/main-imager1/init.mp4');
    // The transports find their sockets beside the playlist.
    const page = { protocol: 'https:', host: 'portal.example' };
    expect(wsLiveUrl(liveUrl(camera, 'sub', 1, 2), page)).toBe(
      'wss://portal.example/n1/cameras/1008/live/sub-imager2/ws',
    );
    expect(framesLiveUrl(liveUrl(camera, 'sub', 1, 2), page)).toBe(
      'wss://portal.example/n1/cameras/1008/live/sub-imager2/frames',
    );
    // A camera the channel names no paths for (before it streams) is on the shard's own paths too.
    const pathless = makeCamera(1012, { imager_count: 4 });
    expect(liveUrl(pathless, 'sub', 2, 1)).toBe('/n2/cameras/1012/live/sub-imager1/index.m3u8');
  });

  it('asks for a history window in ms', () => {
    expect(historyUrl(7, 'main', 1, 1000.4, 5000.2)).toBe('/n1/cameras/7/history/main/index.m3u8?start_ms=1000&end_ms=5001');
  });
});

describe('screenshot file name', () => {
  it("is 'Screenshot - {name} - {timestamp}' in the network zone", () => {
    const ms = Date.UTC(2024, 0, 15, 17, 4, 5);
    expect(screenshotFileName('Lobby', ms, 'America/New_York')).toBe('Screenshot - Lobby - 2024-01-15 12-04-05');
    expect(screenshotFileName('Door 1/2', ms, 'UTC')).toBe('Screenshot - Door 1_2 - 2024-01-15 17-04-05');
  });
});

describe('keyboard shortcuts', () => {
  it('maps the spec keys', () => {
    expect(shortcutFor(' ')).toEqual({ type: 'toggle-play' });
    expect(shortcutFor('k')).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(',')).toEqual({ type: 'seek-by', deltaMs: -100, frame: true });
    expect(shortcutFor('ArrowLeft')).toEqual({ type: 'seek-by', deltaMs: -100, frame: true });
    expect(shortcutFor('.')).toEqual({ type: 'seek-by', deltaMs: 100, frame: true });
    expect(shortcutFor('ArrowRight')).toEqual({ type: 'seek-by', deltaMs: 100, frame: true });
    expect(shortcutFor('j')).toEqual({ type: 'seek-by', deltaMs: -10_000, frame: false });
    expect(shortcutFor('l')).toEqual({ type: 'seek-by', deltaMs: 10_000, frame: false });
    expect(shortcutFor('1')).toEqual({ type: 'speed', speed: 1 });
    expect(shortcutFor('2')).toEqual({ type: 'speed', speed: 2 });
    expect(shortcutFor('3')).toEqual({ type: 'speed', speed: 4 });
    expect(shortcutFor('m')).toEqual({ type: 'toggle-mute' });
    expect(shortcutFor('4')).toBeNull();
  });

  it('ignores typing in fields', () => {
    const input = document.createElement('input');
    expect(isTypingTarget(input)).toBe(true);
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe('codecHasAudio', () => {
  it('finds an audio codec in the stream codec string', () => {
    expect(codecHasAudio('avc1.64001f,mp4a.40.2')).toBe(true);
    expect(codecHasAudio('hvc1.1.6.L93.B0, opus')).toBe(true);
    expect(codecHasAudio('avc1.64001f')).toBe(false);
    expect(codecHasAudio('')).toBe(false);
    expect(codecHasAudio(undefined)).toBe(false);
  });
});
