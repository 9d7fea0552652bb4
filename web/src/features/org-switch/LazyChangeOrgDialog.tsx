import { lazyDialog } from '../../components/lazyDialog';

/** The change-organization dialog as a chunk of its own (most sessions never switch). */
export const LazyChangeOrgDialog = lazyDialog(
  () => import('./ChangeOrgDialog').then((module) => module.ChangeOrgDialog),
  'change-organization',
);
