import { Box } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../app/constants';
import { useCurrentNetwork } from '../../auth/hooks';
import { cameraDisplayName, useOrderedCameras } from '../../cameras';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { usePreference } from '../../preferences';
import { formatDateTime, resolveTimeZone } from '../../timeline';
import { SIMILARITY_THUMBNAILS } from '../constants';
import { usePersonOfInterest } from '../hooks/usePersonOfInterest';
import { useSimilarityJob } from '../hooks/useSimilarityJob';
import { useWindowWidth } from '../hooks/useWindowWidth';
import { shownResults, similarityColumns, timeframeText } from '../similarityResults';
import { parseSimilaritySettings, similarityRequest, type SimilaritySettings, withSimilaritySettings } from '../similaritySettings';
import '../similaritySearchTexts';
import { SimilarityDetailModal } from './SimilarityDetailModal';
import { SimilarityPanel } from './SimilarityPanel';
import { SimilarityResults } from './SimilarityResults';
import { SimilarityToolbar } from './SimilarityToolbar';

/**
 * `/n/{networkId}/similarity-search/{serial}/{trackId}/{ts}` (spec 03 §1, §2): ts must be whole seconds, else (as any
 * other path below similarity-search) the events page. A new track starts a new page.
 */
export function SimilaritySearchPage() {
  const { serial, trackId, ts } = useParams();
  const networkId = useNetworkIdParam();
  if (!serial || !trackId || !ts || !/^\d+$/.test(ts)) return <Navigate to={`/n/${networkId}/events`} replace />;
  return (
    <SimilaritySearch key={`${serial}/${trackId}/${ts}`} networkId={networkId} serial={serial} trackId={trackId} tsS={Number(ts)} />
  );
}

interface SimilaritySearchProps {
  networkId: number;
  serial: string;
  trackId: string;
  /** The track's time, UNIX seconds. */
  tsS: number;
}

function SimilaritySearch({ networkId, serial, trackId, tsS }: SimilaritySearchProps) {
  const navigate = useNavigate();
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  // "Now" of the timeframe's cap: the page's opening, so the search does not move while it is shown.
  const [openedMs] = useState(() => Date.now());
  const [searchParams, setSearchParams] = useSearchParams();
  const settings = useMemo(() => parseSimilaritySettings(searchParams, tsS, openedMs), [searchParams, tsS, openedMs]);
  const update = (change: Partial<SimilaritySettings>) =>
    setSearchParams((current) => withSimilaritySettings(current, change), { replace: true });

  const { cameras, isLoading: camerasLoading } = useOrderedCameras(networkId);
  const bySerial = useMemo(() => new Map(cameras.map((camera) => [camera.serial, camera])), [cameras]);
  const cameraName = useCallback((cameraSerial: string) => {
    const camera = bySerial.get(cameraSerial);
    return camera ? cameraDisplayName(camera) : cameraSerial;
  }, [bySerial]);
  // The network's cameras the user may search (historical right; no permission data means allowed).
  const request = useMemo(() => {
    if (camerasLoading) return null;
    const serials = cameras.filter((camera) => camera.permissions?.historical !== false).map((camera) => camera.serial);
    return similarityRequest(trackId, settings.t0, settings.t1, serials);
  }, [camerasLoading, cameras, trackId, settings.t0, settings.t1]);
  const job = useSimilarityJob(serial, request);
  const poi = usePersonOfInterest(serial, trackId, tsS);
  const shown = useMemo(() => shownResults(job.results, settings), [job.results, settings]);

  const [panelOpen, setPanelOpen] = useState(() => window.innerWidth >= MOBILE_BREAKPOINT_PX);
  const [selected, setSelected] = useState<number | null>(null);
  const columns = similarityColumns(useWindowWidth(), SIMILARITY_THUMBNAILS[settings.thumbnailSize].width);
  const hide = (hidden: string[]) => {
    setSelected(null);
    update({ hiddenSerials: hidden });
  };

  return (
    <Box display="flex" h="100%" mih={0} style={{ overflow: 'hidden' }} data-testid="similarity-search-page">
      {panelOpen && (
        <SimilarityPanel
          poi={poi}
          poiCaption={`${cameraName(serial)}, ${formatDateTime(tsS * 1000, timeZone, timeMode)}`}
          from={timeframeText(settings.t0, timeZone, timeMode)}
          to={timeframeText(settings.t1, timeZone, timeMode)}
          threshold={settings.threshold}
          onThreshold={(threshold) => {
            setSelected(null);
            update({ threshold });
          }}
          onRemove={() => navigate(`/n/${networkId}/events`)}
        />
      )}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <SimilarityToolbar
          panelOpen={panelOpen}
          thumbnailSize={settings.thumbnailSize}
          sortOrder={settings.sortOrder}
          hiddenCount={settings.hiddenSerials.length}
          onTogglePanel={() => setPanelOpen((open) => !open)}
          onThumbnailSize={(thumbnailSize) => update({ thumbnailSize })}
          onSortOrder={(sortOrder) => {
            setSelected(null);
            update({ sortOrder });
          }}
          onShowAll={() => hide([])}
        />
        <Box p="sm" style={{ flex: 1, overflowY: 'auto' }} data-testid="similarity-scroll">
          <SimilarityResults
            job={job}
            shown={shown}
            thumbnailSize={settings.thumbnailSize}
            columns={columns}
            cameraName={cameraName}
            timeZone={timeZone}
            timeMode={timeMode}
            onOpen={setSelected}
            onHide={(hidden) => hide([...settings.hiddenSerials, hidden])}
            onRetry={job.retry}
          />
        </Box>
      </Box>
      {selected !== null && (
        <SimilarityDetailModal
          results={shown}
          index={selected}
          networkId={networkId}
          poiImage={poi.track?.data.b64Image ?? null}
          cameraName={cameraName}
          timeZone={timeZone}
          timeMode={timeMode}
          onFocus={setSelected}
          onClose={() => setSelected(null)}
          onViewInFeed={(track) => navigate(`/n/${networkId}/cameras/${track.cameraId}?ts=${Math.floor(track.t0 / 1000)}`)}
        />
      )}
    </Box>
  );
}
