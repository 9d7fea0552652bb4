import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { FileRecord } from '../viewerApi';
import { VideoGap } from './VideoGap';

const gap = (reason: FileRecord['reason'], next_start_ms: number | null = null): FileRecord => ({
  video_status: 'no_video',
  ts_ms: 1_700_000_000_000,
  reason,
  next_start_ms,
});

const OFFLINE = 'The camera was offline and sent no video at this time';
const RETENTION = "The video is older than the camera's retention period";
const SCHEDULE = "The time is outside the camera's recording schedule";
const MOTION = 'No motion was detected while the camera records only on motion';

describe('VideoGap', () => {
  it('names only the real reason of a gap while the camera was offline', () => {
    renderWithProviders(<VideoGap record={gap('camera_offline')} onJump={() => {}} />);
    expect(screen.getByText(OFFLINE)).toBeInTheDocument();
    expect(screen.queryByText(RETENTION)).not.toBeInTheDocument();
    expect(screen.queryByText(SCHEDULE)).not.toBeInTheDocument();
    expect(screen.queryByText(/Possible reasons/)).not.toBeInTheDocument();
  });

  it('says a retention gap is beyond retention, not an outage', () => {
    renderWithProviders(<VideoGap record={gap('beyond_retention')} onJump={() => {}} />);
    expect(screen.getByText(RETENTION)).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    expect(screen.queryByText(MOTION)).not.toBeInTheDocument();
  });

  it('names the schedule when the time is outside it', () => {
    renderWithProviders(<VideoGap record={gap('outside_schedule')} onJump={() => {}} />);
    expect(screen.getByText(SCHEDULE)).toBeInTheDocument();
    expect(screen.queryByText(RETENTION)).not.toBeInTheDocument();
  });

  it('lists the possible reasons of spec 02 only when the server gives none', () => {
    renderWithProviders(<VideoGap record={gap(null)} onJump={() => {}} />);
    expect(screen.getByText(/Possible reasons/)).toBeInTheDocument();
    for (const text of [MOTION, SCHEDULE, RETENTION]) expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('offers the jump to where recording resumes', () => {
    const onJump = vi.fn();
    renderWithProviders(<VideoGap record={gap('camera_offline', 1_700_000_060_000)} onJump={onJump} />);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to the next recorded video' }));
    expect(onJump).toHaveBeenCalledWith(1_700_000_060_000);
  });
});
