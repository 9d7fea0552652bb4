export { Timeline, type TimelineProps } from './components/Timeline';
export { useNow } from './hooks/useNow';
export {
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatSince,
  resolveTimeZone,
  type TimeMode,
} from './timeFormat';
export { timelineApi } from './timelineApi';
