import { lazyDialog } from '../../components/lazyDialog';

/** The feedback dialog, its call and its texts (namespace `feedback`) as a chunk of their own. */
export const LazyFeedbackDialog = lazyDialog(
  () => import('./FeedbackDialog').then((module) => module.FeedbackDialog),
  'send-feedback',
);
