import { describe, expect, it } from 'vitest';
import { mseMimeType, parseWsMessage, wsLiveUrl } from './wsLiveProtocol';

describe('live WebSocket protocol', () => {
  it('builds the socket URL from the live playlist URL, same origin, ws or wss as the page', () => {
    const http = { protocol: 'http:', host: 'portal.example:8080' };
    expect(wsLiveUrl('/n1/cameras/7/live/main/index.m3u8', http)).toBe('ws://portal.example:8080/n1/cameras/7/live/main/ws');
    expect(wsLiveUrl('/n3/cameras/8/live/sub/index.m3u8?x=1', { protocol: 'https:', host: 'argus.example' })).toBe(
      'wss://argus.example/n3/cameras/8/live/sub/ws',
    );
    expect(wsLiveUrl('/n1/cameras/7/live/main/playlist.m3u8', http)).toBe('ws://portal.example:8080/n1/cameras/7/live/main/ws');
  });

  it('parses init', () => {
    expect(
      parseWsMessage('{"type":"init","codec":"avc1.64001f","width":1280,"height":720,"base_ms":1763765432123}'),
    ).toEqual({ type: 'init', codec: 'avc1.64001f', width: 1280, height: 720, baseMs: 1763765432123 });
    expect(parseWsMessage('{"type":"init","codec":"avc1.64001f","base_ms":5}')).toEqual({
      type: 'init',
      codec: 'avc1.64001f',
      width: 0,
      height: 0,
      baseMs: 5,
    });
  });

  it('refuses a bad init', () => {
    expect(parseWsMessage('{"type":"init","codec":"avc1\\"; x","base_ms":5}')).toEqual({ type: 'invalid', reason: 'init: bad codec' });
    expect(parseWsMessage('{"type":"init","codec":"avc1.64001f"}')).toEqual({ type: 'invalid', reason: 'init: bad base_ms' });
    expect(parseWsMessage('{"type":"init","codec":"avc1.64001f","base_ms":"5"}').type).toBe('invalid');
  });

  it('parses gap and offline, ignores unknown types, refuses what is not a typed JSON object', () => {
    expect(parseWsMessage('{"type":"gap"}')).toEqual({ type: 'gap' });
    expect(parseWsMessage('{"type":"offline"}')).toEqual({ type: 'offline', reason: null, sinceMs: null });
    expect(parseWsMessage('{"type":"stats","x":1}')).toEqual({ type: 'unknown', name: 'stats' });
    expect(parseWsMessage('nope')).toEqual({ type: 'invalid', reason: 'not JSON' });
    expect(parseWsMessage('[1]')).toEqual({ type: 'invalid', reason: 'no type' });
    expect(parseWsMessage('null')).toEqual({ type: 'invalid', reason: 'no type' });
  });

  it('parses why the camera is offline and since when, unknown or malformed values as unknown', () => {
    expect(parseWsMessage('{"type":"offline","reason":"no_video","since_ms":1763765432000}')).toEqual({
      type: 'offline',
      reason: 'no_video',
      sinceMs: 1763765432000,
    });
    expect(parseWsMessage('{"type":"offline","reason":"melted","since_ms":"soon"}')).toEqual({
      type: 'offline',
      reason: null,
      sinceMs: null,
    });
    expect(parseWsMessage('{"type":"offline","reason":null,"since_ms":-5}')).toEqual({ type: 'offline', reason: null, sinceMs: null });
  });

  it('names the MSE type of a codec', () => {
    expect(mseMimeType('avc1.64001f')).toBe('video/mp4; codecs="avc1.64001f"');
  });
});
