import type { components } from '../../../api/schema.gen';

/** The body of POST /manage/video/client_memory_telemetry (spec 02 §7; docs/api/openapi.yaml). */
export type MemoryReport = components['schemas']['ClientMemoryTelemetry'];

/** clientApp.name of the memory report. */
export const MEMORY_REPORT_APP_NAME = 'argus-portal';

/** Chromium's non-standard `performance.memory` (bytes). */
export interface HeapMemory {
  totalJSHeapSize: number;
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

export interface ClientInfo {
  os: string | null;
  osVersion: string | null;
  browser: string | null;
  browserVersion: string | null;
}

const version = (match: RegExpMatchArray | null) => (match ? match[1].replace(/_/g, '.') : null);

/** A rough reading of a user agent string: operating system, browser and their versions (null when unknown). */
export function parseUserAgent(userAgent: string): ClientInfo {
  let os: string | null = null;
  let osVersion: string | null = null;
  if (/Windows NT/.test(userAgent)) {
    os = 'Windows';
    osVersion = version(userAgent.match(/Windows NT ([\d.]+)/));
  } else if (/(iPhone|iPad|iPod)/.test(userAgent)) {
    os = 'iOS';
    osVersion = version(userAgent.match(/OS ([\d_]+) like Mac OS X/));
  } else if (/Mac OS X/.test(userAgent)) {
    os = 'macOS';
    osVersion = version(userAgent.match(/Mac OS X ([\d_.]+)/));
  } else if (/Android/.test(userAgent)) {
    os = 'Android';
    osVersion = version(userAgent.match(/Android ([\d.]+)/));
  } else if (/CrOS/.test(userAgent)) {
    os = 'ChromeOS';
    osVersion = version(userAgent.match(/CrOS \S+ ([\d.]+)/));
  } else if (/Linux/.test(userAgent)) {
    os = 'Linux';
  }

  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  for (const [browser, pattern] of browsers) {
    const match = userAgent.match(pattern);
    if (match) return { os, osVersion, browser, browserVersion: match[1] };
  }
  return { os, osVersion, browser: null, browserVersion: null };
}

/** Chromium's heap figures, or null where the browser has none (the report is then skipped). */
export function readHeapMemory(source: unknown = globalThis.performance): HeapMemory | null {
  const memory = (source as { memory?: Partial<HeapMemory> } | undefined)?.memory;
  if (!memory) return null;
  const { totalJSHeapSize, usedJSHeapSize, jsHeapSizeLimit } = memory;
  const sizes = [totalJSHeapSize, usedJSHeapSize, jsHeapSizeLimit];
  if (!sizes.every((size) => typeof size === 'number' && Number.isFinite(size) && size >= 0)) return null;
  return { totalJSHeapSize: totalJSHeapSize!, usedJSHeapSize: usedJSHeapSize!, jsHeapSizeLimit: jsHeapSizeLimit! };
}

export interface MemoryReportInput {
  userAgent: string;
  appVersion: string;
  memory: HeapMemory | null;
  snapshotTime: number;
  videoWallId: number;
  isRotating: boolean;
  isFullscreen: boolean;
  orgId: number | null;
  networkId: number;
  userId: number | null;
}

/** The report of spec 02 §7, or null without heap figures (browsers other than Chromium). */
export function buildMemoryReport(input: MemoryReportInput): MemoryReport | null {
  if (!input.memory) return null;
  return {
    client: parseUserAgent(input.userAgent),
    clientApp: { name: MEMORY_REPORT_APP_NAME, appVersion: input.appVersion },
    memoryStats: {
      ...input.memory,
      snapshotTime: input.snapshotTime,
      videoWallId: input.videoWallId,
      isRotating: input.isRotating,
      isFullscreen: input.isFullscreen,
      orgId: input.orgId,
      networkId: input.networkId,
    },
    user: { id: input.userId },
  };
}
