export { Timeline, type TimelineProps } from './components/Timeline';
export { useNow } from './hooks/useNow';
export { formatClock, formatDateTime, resolveTimeZone, type TimeMode } from './timeFormat';
export { timelineApi } from './timelineApi';
