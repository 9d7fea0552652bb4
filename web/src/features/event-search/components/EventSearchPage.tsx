import { Box, Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Camera } from '../../../api/types';
import { MOBILE_BREAKPOINT_PX } from '../../../app/constants';
import { useCurrentNetwork } from '../../auth/hooks';
import { cameraDisplayName, useOrderedCameras } from '../../cameras';
import { useNetworkIdParam } from '../../cameras/hooks/useNetworkIdParam';
import { usePreference } from '../../preferences';
import { resolveTimeZone, useNow } from '../../timeline';
import { NOTICE_MS, SCROLL_BOTTOM_PX } from '../constants';
import { eventSearchActions as actions, isComplete } from '../eventSearchState';
import { useEventSearch } from '../hooks/useEventSearch';
import { useFindSimilar } from '../hooks/useFindSimilar';
import { useSearchQuery } from '../hooks/useSearchQuery';
import { attributeIncompatibility, incompatibleCameras } from '../cameraWarnings';
import { hasFilters, nightHiddenCameras, type ResultFilters, visibleEvents } from '../results';
import type { SimilarSource } from '../similarResults';
import { todayIn } from '../timeRange';
import { CameraSelectModal } from './CameraSelectModal';
import { ClipModal, eventFeedPath } from './ClipModal';
import { EventResults } from './EventResults';
import { FiltersSidebar, type SimilarHandlers } from './FiltersSidebar';
import { NoCamerasPrompt } from './NoCamerasPrompt';
import { ResultsHeader } from './ResultsHeader';

const NO_CAMERAS: Camera[] = [];

/** The results are scrolled to within the threshold of their bottom (or do not fill their area). */
function nearBottom(element: HTMLElement | null): boolean {
  return !element || element.scrollHeight - element.scrollTop - element.clientHeight < SCROLL_BOTTOM_PX;
}

/**
 * `/n/{networkId}/events`: historical event search over up to 4 cameras (spec 03 §2, §4). Cameras, dates and times
 * are kept in the address; results load page by page as the list is scrolled near its bottom.
 */
export function EventSearchPage() {
  const { t } = useTranslation('eventSearch');
  const navigate = useNavigate();
  const networkId = useNetworkIdParam();
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const today = todayIn(timeZone, useNow(60_000));
  const [query, setQuery] = useSearchQuery(today);
  const { cameras: networkCameras, isLoading: camerasLoading } = useOrderedCameras(networkId);
  const cameras = useMemo(() => {
    const found = query.cameraIds.flatMap((id) => networkCameras.find((camera) => camera.id === id) ?? []);
    return found.length > 0 ? found : NO_CAMERAS;
  }, [query.cameraIds, networkCameras]);
  const [filtersOpen, setFiltersOpen] = useState(() => window.innerWidth >= MOBILE_BREAKPOINT_PX);
  const [cameraModalOpen, setCameraModalOpen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  const onCameraFailed = useCallback(
    (camera: Camera, messages: string[]) =>
      notifications.show({
        color: 'yellow',
        title: t('camera-request-failed'),
        message: t('camera-search-failed', { camera: cameraDisplayName(camera), reason: messages[0] ?? '' }),
        autoClose: NOTICE_MS,
      }),
    [t],
  );
  const { state, send, loadNext, changeOrder } = useEventSearch(
    { networkId, cameras, dates: query.dates, times: query.times, timeZone },
    onCameraFailed,
  );
  const shown = useMemo(() => visibleEvents(state.events, state.filters), [state.events, state.filters]);
  const complete = isComplete(state);
  const names = useMemo(() => new Map(networkCameras.map((camera) => [camera.id, cameraDisplayName(camera)])), [networkCameras]);
  const cameraName = useCallback((id: number) => names.get(id) ?? String(id), [names]);
  const cameraOf = useCallback((id: number) => networkCameras.find((camera) => camera.id === id), [networkCameras]);
  const streamWidthPx = useCallback((id: number) => cameraOf(id)?.config?.video_width, [cameraOf]);

  const incompatible = useMemo(() => incompatibleCameras(cameras, state.filters), [cameras, state.filters]);
  /**
   * Turning on the people or vehicle filter, or starting to use colour or vehicle attribute filters, warns (6 s) about
   * selected cameras without that detection.
   */
  const changeFilters = (change: Partial<ResultFilters>) => {
    const turnedOn = { people: change.people === true && !state.filters.people, vehicles: change.vehicles === true && !state.filters.vehicles };
    const lacking = incompatibleCameras(cameras, turnedOn);
    if (lacking.length > 0) {
      notifications.show({
        color: 'yellow',
        title: t(turnedOn.people ? 'people-filter' : 'vehicles-filter'),
        message: t('incompatible-cameras', { cameras: lacking.map(cameraName).join(', ') }),
        autoClose: NOTICE_MS,
      });
    }
    const attributes = attributeIncompatibility(cameras, state.filters, { ...state.filters, ...change });
    if (attributes) {
      notifications.show({
        color: 'yellow',
        title: t('attribute-filters'),
        message: t(`${attributes.warning}-incompatible`, { cameras: attributes.cameraIds.map(cameraName).join(', ') }),
        autoClose: NOTICE_MS,
      });
    }
    send(actions.filtersChanged(change));
  };

  // Night-mode events that only the colour filters hide: a 6 s low-light warning for each camera newly concerned.
  const nightHidden = useMemo(() => nightHiddenCameras(state.events, state.filters), [state.events, state.filters]);
  const warnedNight = useRef(new Set<number>());
  useEffect(() => {
    if (nightHidden.length === 0) {
      warnedNight.current = new Set();
      return;
    }
    const fresh = nightHidden.filter((id) => !warnedNight.current.has(id));
    if (fresh.length === 0) return;
    fresh.forEach((id) => warnedNight.current.add(id));
    notifications.show({
      color: 'yellow',
      title: t('low-light'),
      message: t('low-light-hidden', { cameras: fresh.map(cameraName).join(', ') }),
      autoClose: NOTICE_MS,
    });
  }, [nightHidden, cameraName, t]);

  const similar = useFindSimilar(send);
  const findSimilar = (source: SimilarSource) => {
    setFiltersOpen(true);
    similar.find(source, cameras, state.pages);
  };
  const similarHandlers: SimilarHandlers = {
    onTolerance: (tolerance) => send(actions.similarToleranceSet(tolerance)),
    onToggle: (object) => send(actions.similarChoiceToggled(object)),
    onRetry: () => {
      if (state.similarResults) findSimilar(state.similarResults.source);
    },
    onClose: similar.close,
    onClear: (objectClass) => send(actions.similarFilterCleared(objectClass)),
  };

  const loadIfNearBottom = useCallback(() => {
    if (nearBottom(scrollRef.current)) loadNext();
  }, [loadNext]);
  // After each page, and whenever the list gets shorter, load on while the bottom is within reach.
  useEffect(() => {
    if (!state.loading && !complete) loadIfNearBottom();
  }, [state.loading, state.page, state.pages, complete, shown.length, state.collapsedDates, loadIfNearBottom]);

  return (
    <Box display="flex" h="100%" mih={0} style={{ overflow: 'hidden' }} data-testid="event-search-page">
      {filtersOpen && (
        <FiltersSidebar
          dates={query.dates}
          times={query.times}
          today={today}
          timeMode={timeMode}
          cameras={cameras}
          filters={state.filters}
          failedCameras={state.failedCameras}
          onDateTimeChange={(dates, times) => setQuery({ dates, times })}
          onSelectCameras={() => setCameraModalOpen(true)}
          incompatibleCameras={incompatible}
          onFiltersChange={changeFilters}
          similarResults={state.similarResults}
          cameraName={cameraName}
          onSimilar={similarHandlers}
        />
      )}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ResultsHeader
          filtersOpen={filtersOpen}
          thumbnailSize={state.thumbnailSize}
          sortOrder={state.sortOrder}
          onToggleFilters={() => setFiltersOpen((open) => !open)}
          onThumbnailSize={(size) => send(actions.thumbnailSizeSet(size))}
          onSortOrder={changeOrder}
        />
        <Box ref={scrollRef} onScroll={loadIfNearBottom} p="sm" style={{ flex: 1, overflowY: 'auto' }} data-testid="event-search-scroll">
          {cameras.length === 0 && camerasLoading && query.cameraIds.length > 0 ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : cameras.length === 0 ? (
            <NoCamerasPrompt onSelect={() => setCameraModalOpen(true)} />
          ) : (
            <EventResults
              events={shown}
              complete={complete}
              searchedPages={state.page}
              totalPages={state.pages.length}
              collapsedDates={state.collapsedDates}
              thumbnailSize={state.thumbnailSize}
              filtersSet={hasFilters(state.filters)}
              cameraName={cameraName}
              streamWidthPx={streamWidthPx}
              timeZone={timeZone}
              timeMode={timeMode}
              onToggleDay={(day) => send(actions.dayToggled(day))}
              onOpen={(index) => send(actions.eventSelected(index))}
              onClearFilters={() => send(actions.filtersCleared())}
            />
          )}
        </Box>
      </Box>
      <CameraSelectModal
        opened={cameraModalOpen}
        cameras={networkCameras}
        selectedIds={query.cameraIds}
        regions={state.regions}
        onClose={() => setCameraModalOpen(false)}
        onConfirm={(cameraIds, regions) => {
          setCameraModalOpen(false);
          send(actions.regionsSet(regions));
          setQuery({ cameraIds });
        }}
      />
      {state.selectedEvent !== null && (
        <ClipModal
          events={shown}
          index={state.selectedEvent}
          networkId={networkId}
          cameraOf={cameraOf}
          timeZone={timeZone}
          timeMode={timeMode}
          onFocus={(index) => send(actions.eventSelected(index))}
          onClose={() => send(actions.eventSelected(null))}
          onViewInFeed={(event) => navigate(eventFeedPath(networkId, event))}
          onFindSimilar={findSimilar}
        />
      )}
    </Box>
  );
}
