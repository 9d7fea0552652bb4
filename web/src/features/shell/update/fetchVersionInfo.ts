import { parseVersionInfo, VERSION_INFO_PATH, type VersionInfo } from '../../../app/versionInfo';

/** The server's current /version.json, fetched past every cache; throws when it is unreachable or not a description. */
export async function fetchVersionInfo(signal?: AbortSignal): Promise<VersionInfo> {
  const response = await fetch(new URL(VERSION_INFO_PATH, window.location.origin), { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`GET ${VERSION_INFO_PATH} answered ${response.status}`);
  const info = parseVersionInfo(await response.json());
  if (!info) throw new Error(`GET ${VERSION_INFO_PATH} answered something other than a version description`);
  return info;
}
