import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { cometdSend } from './cometdApi';
import { CometdClient } from './CometdClient';
import { DetectionsFetcher } from './DetectionsFetcher';
import { DetectionStore } from './DetectionStore';

export interface ObjectDetections {
  store: DetectionStore | null;
  /** Bumped when an answer added detections (what the overlay redraws on). */
  version: number;
}

/**
 * The detections around the playhead of one camera's recorded video, fetched while mounted (the viewer mounts its
 * overlay only in history with the setting on): a CometdClient and a DetectionsFetcher per camera, given up and the
 * client disconnected on unmount or camera change, so nothing is kept once the viewer goes live.
 */
export function useObjectDetections(cameraId: number, playheadMs: number | null): ObjectDetections {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ObjectDetections>({ store: null, version: 0 });
  const fetcherRef = useRef<DetectionsFetcher | null>(null);
  const playheadRef = useRef(playheadMs);
  playheadRef.current = playheadMs;

  useEffect(() => {
    const client = new CometdClient(cometdSend(dispatch), cameraId);
    const store = new DetectionStore();
    const fetcher = new DetectionsFetcher(
      (startMs, endMs, signal) => client.requestDetections(startMs, endMs, signal),
      store,
      () => setState((current) => ({ store, version: current.version + 1 })),
    );
    fetcherRef.current = fetcher;
    setState({ store, version: 0 });
    fetcher.setPlayhead(playheadRef.current);
    return () => {
      fetcher.dispose();
      client.disconnect();
      fetcherRef.current = null;
    };
  }, [dispatch, cameraId]);

  useEffect(() => {
    fetcherRef.current?.setPlayhead(playheadMs);
  }, [playheadMs]);

  return state;
}
