import { describe, expect, it } from 'vitest';
import { buildMemoryReport, parseUserAgent, readHeapMemory } from './memoryTelemetry';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36';
const EDGE = `${CHROME_WINDOWS} Edg/126.0.2592.87`;
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const memory = { totalJSHeapSize: 40_000_000, usedJSHeapSize: 30_000_000, jsHeapSizeLimit: 4_000_000_000 };

describe('memory telemetry body', () => {
  it('reads operating system and browser from the user agent', () => {
    expect(parseUserAgent(CHROME_WINDOWS)).toEqual({ os: 'Windows', osVersion: '10.0', browser: 'Chrome', browserVersion: '126.0.6478.127' });
    expect(parseUserAgent(EDGE)).toMatchObject({ browser: 'Edge', browserVersion: '126.0.2592.87' });
    expect(parseUserAgent(SAFARI_MAC)).toEqual({ os: 'macOS', osVersion: '10.15.7', browser: 'Safari', browserVersion: '17.5' });
    expect(parseUserAgent(FIREFOX_LINUX)).toEqual({ os: 'Linux', osVersion: null, browser: 'Firefox', browserVersion: '128.0' });
    expect(parseUserAgent(CHROME_ANDROID)).toMatchObject({ os: 'Android', osVersion: '14', browser: 'Chrome' });
    expect(parseUserAgent('curl/8')).toEqual({ os: null, osVersion: null, browser: null, browserVersion: null });
  });

  it('reads Chromium heap figures and nothing elsewhere', () => {
    expect(readHeapMemory({ memory })).toEqual(memory);
    expect(readHeapMemory({})).toBeNull();
    expect(readHeapMemory({ memory: { ...memory, usedJSHeapSize: undefined } })).toBeNull();
    expect(readHeapMemory(undefined)).toBeNull();
  });

  it('builds the spec body, or nothing without heap figures', () => {
    const input = {
      userAgent: CHROME_WINDOWS,
      appVersion: '1.2.3',
      memory,
      snapshotTime: 1_700_000_000_000,
      videoWallId: 7001,
      isRotating: true,
      isFullscreen: false,
      orgId: 10,
      networkId: 5,
      userId: 42,
    };
    expect(buildMemoryReport(input)).toEqual({
      client: { os: 'Windows', osVersion: '10.0', browser: 'Chrome', browserVersion: '126.0.6478.127' },
      clientApp: { name: 'argus-portal', appVersion: '1.2.3' },
      memoryStats: {
        ...memory,
        snapshotTime: 1_700_000_000_000,
        videoWallId: 7001,
        isRotating: true,
        isFullscreen: false,
        orgId: 10,
        networkId: 5,
      },
      user: { id: 42 },
    });
    expect(buildMemoryReport({ ...input, memory: null })).toBeNull();
  });
});
