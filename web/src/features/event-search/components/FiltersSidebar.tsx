import { ScrollArea, Stack } from '@mantine/core';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline';
import { SIDEBAR_WIDTH_PX } from '../constants';
import type { ResultFilters } from '../results';
import type { SimilarObject, SimilarResults } from '../similarResults';
import type { DateRange, TimeRange } from '../timeRange';
import { CameraFilter } from './CameraFilter';
import { DateTimeFilter } from './DateTimeFilter';
import { DetectionFilters } from './DetectionFilters';
import { SimilarResultsSection } from './SimilarResultsSection';

export interface FiltersSidebarProps {
  dates: DateRange;
  times: TimeRange;
  today: string;
  timeMode: TimeMode;
  cameras: readonly Camera[];
  filters: ResultFilters;
  failedCameras: readonly number[];
  /** Selected cameras without the detection of the people or vehicle filter in use. */
  incompatibleCameras: readonly number[];
  onDateTimeChange: (dates: DateRange, times: TimeRange) => void;
  onSelectCameras: () => void;
  onFiltersChange: (filters: Partial<ResultFilters>) => void;
  similarResults: SimilarResults | null;
  cameraName: (cameraId: number) => string;
  onSimilar: SimilarHandlers;
}

export interface SimilarHandlers {
  onTolerance: (tolerance: number) => void;
  onToggle: (object: SimilarObject) => void;
  onRetry: () => void;
  onClose: () => void;
  onClear: (objectClass: 'person' | 'vehicle') => void;
}

/**
 * The collapsible left sidebar: the similar results (after a 'Find similar'), time, cameras, low light, people,
 * vehicles and minimum event duration.
 */
export function FiltersSidebar(props: FiltersSidebarProps) {
  const { filters, onFiltersChange } = props;
  const toggleHidden = (cameraId: number) =>
    onFiltersChange({
      hiddenCameras: filters.hiddenCameras.includes(cameraId)
        ? filters.hiddenCameras.filter((id) => id !== cameraId)
        : [...filters.hiddenCameras, cameraId],
    });
  return (
    <ScrollArea
      component="aside"
      id="event-search-filters"
      w={SIDEBAR_WIDTH_PX}
      style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
      data-testid="event-search-filters"
    >
      <Stack gap="sm" p="sm">
        {props.similarResults && (
          <SimilarResultsSection
            results={props.similarResults}
            filters={filters}
            cameraName={props.cameraName}
            onTolerance={props.onSimilar.onTolerance}
            onToggle={props.onSimilar.onToggle}
            onRetry={props.onSimilar.onRetry}
            onClose={props.onSimilar.onClose}
          />
        )}
        <DateTimeFilter
          dates={props.dates}
          times={props.times}
          today={props.today}
          timeMode={props.timeMode}
          onChange={props.onDateTimeChange}
        />
        <CameraFilter
          cameras={props.cameras}
          hiddenCameras={filters.hiddenCameras}
          failedCameras={props.failedCameras}
          incompatibleCameras={props.incompatibleCameras}
          onSelect={props.onSelectCameras}
          onToggleHidden={toggleHidden}
        />
        <DetectionFilters
          cameras={props.cameras}
          filters={filters}
          onChange={onFiltersChange}
          onClearSimilar={props.onSimilar.onClear}
        />
      </Stack>
    </ScrollArea>
  );
}
