import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { SCREENSHOT_BAND_RATIO, SCREENSHOT_JPEG_QUALITY } from './constants';
import type { LogEventRequest } from './eventLogApi';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Timestamp of file names: no characters that file systems refuse. */
export function screenshotTimestamp(ms: number, timeZone: string): string {
  return dayjs(ms).tz(timeZone).format('YYYY-MM-DD HH-mm-ss');
}

/** 'Screenshot - {name} - {timestamp}' (spec §9), path separators and reserved characters replaced. */
export function screenshotFileName(cameraName: string, ms: number, timeZone: string): string {
  const name = cameraName.replace(/[\\/:*?"<>|]/g, '_').trim();
  return `Screenshot - ${name} - ${screenshotTimestamp(ms, timeZone)}`;
}

/** A video element that has a frame to draw. */
export function hasFrame(video: HTMLVideoElement | null): video is HTMLVideoElement {
  return video !== null && video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0;
}

/** Height of the time band stamped under a picture `height` pixels high. */
export function timeBandHeight(height: number): number {
  return Math.max(24, Math.round(height * SCREENSHOT_BAND_RATIO));
}

/** Paints the time band (black, white text) across `width` pixels from `top`, `band` pixels high. */
export function drawTimeBand(context: CanvasRenderingContext2D, width: number, top: number, band: number, text: string): void {
  context.fillStyle = '#000';
  context.fillRect(0, top, width, band);
  context.fillStyle = '#fff';
  context.font = `${Math.round(band * 0.6)}px sans-serif`;
  context.textBaseline = 'middle';
  context.fillText(text, band * 0.4, top + band / 2);
}

/** Encodes the canvas as the screenshot JPEG. */
export function encodeJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/jpeg', SCREENSHOT_JPEG_QUALITY),
  );
}

/** Draws the frame with a time band below it ('{name}  {time}') and encodes a JPEG. */
export function captureFrame(video: HTMLVideoElement, bandText: string): Promise<Blob> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const band = timeBandHeight(height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height + band;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d context'));
  context.drawImage(video, 0, 0, width, height);
  drawTimeBand(context, width, height, band, bandText);
  return encodeJpeg(canvas);
}

/** Saves a blob through a temporary download link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The event-log bodies of a saved screenshot (spec 02 §7): one 'screenshot_created' per channel, start and end at the
 * frame's time in seconds.
 */
export function screenshotEvents(channelIds: readonly number[], frameMs: number): LogEventRequest[] {
  const seconds = frameMs / 1000;
  return [...new Set(channelIds)].map((channelId) => ({
    event: 'screenshot_created',
    channel_id: channelId,
    start_time: seconds,
    end_time: seconds,
  }));
}
