import { lazyDialog } from '../../components/lazyDialog';

/** The two-factor dialog, its calls and its texts (namespace `twoFactor`) as a chunk of their own. */
export const LazyTwoFactorDialog = lazyDialog(
  () => import('./TwoFactorDialog').then((module) => module.TwoFactorDialog),
  'two-factor-authentication',
);
