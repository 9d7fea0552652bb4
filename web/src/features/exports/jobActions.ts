import { isExpired, isSuccessful } from './displayStatus';
import type { ExportJob } from './exportsApi';

/** Which actions a job offers (spec 03 §4 "Job actions", §6). */
export interface JobActionRules {
  /** The caller made the job or holds the network's write right (the server's rule for every change). */
  mayChange: boolean;
  /** Feature flag has_camera_export_queue_jumping. */
  queueJumping: boolean;
  /** Feature flag has_camera_link_creation_ui_hidden. */
  linkCreationHidden: boolean;
  nowMs: number;
}

export interface JobActions {
  play: boolean;
  copyLink: boolean;
  download: boolean;
  copyChecksum: boolean;
  rename: boolean;
  cancel: boolean;
  retry: boolean;
  startNow: boolean;
  delete: boolean;
}

const CANCELLABLE_STATES: ReadonlySet<string> = new Set(['scheduled', 'queued', 'running']);
const RETRIABLE_STATES: ReadonlySet<string> = new Set(['error', 'user_friendly_error', 'cancelled']);

export const isCombined = (job: Pick<ExportJob, 'type'>) => job.type === 'VideoConcatenationJob';

/** The server lets a job's creator or an administrator with the network's write right change or delete it. */
export function mayChangeJob(job: Pick<ExportJob, 'user'>, userId: number | undefined, networkWrite: boolean): boolean {
  return networkWrite || (userId !== undefined && job.user?.id === userId);
}

export function jobActions(job: ExportJob, rules: JobActionRules): JobActions {
  const fileKept = isSuccessful(job) && !isExpired(job, rules.nowMs);
  return {
    play: fileKept && Boolean(job.quick_url),
    copyLink: fileKept && rules.mayChange && !rules.linkCreationHidden,
    download: fileKept,
    copyChecksum: fileKept && Boolean(job.export_sha256),
    rename: rules.mayChange,
    cancel: rules.mayChange && CANCELLABLE_STATES.has(job.export_state) && !job.isRequestingCancellation,
    retry: rules.mayChange && RETRIABLE_STATES.has(job.export_state),
    startNow:
      rules.mayChange &&
      rules.queueJumping &&
      job.export_state === 'scheduled' &&
      !isCombined(job) &&
      !job.export_force_started_at,
    delete: rules.mayChange,
  };
}
