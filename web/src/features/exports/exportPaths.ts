/** The exports page (spec 03 §2 "Routes"). */
export function exportsPath(networkId: number): string {
  return `/n/${networkId}/exports`;
}

/** The exports page with a job's detail drawer open. */
export function exportDetailPath(networkId: number, jobId: number): string {
  return `${exportsPath(networkId)}/${jobId}`;
}
