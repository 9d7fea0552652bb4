export { type Bounds, clampToBounds, pastBounds, scheduleBounds } from './bounds';
export { DateTimePopover, type DateTimePopoverProps } from './DateTimePopover';
export { formatPickerValue } from './format';
export { adjustRange, exceedsMinutes, exceedsMs, type RangeEnd, type TimeRange } from './rangeRule';
export { SchedulePicker, type SchedulePickerProps } from './SchedulePicker';
export { TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker';
