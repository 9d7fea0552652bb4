import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../app/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LazyFeedbackDialog } from '../feedback/LazyFeedbackDialog';
import { LazyChangeOrgDialog } from '../org-switch/LazyChangeOrgDialog';
import { NetworkSelectDialog } from '../network-select/NetworkSelectDialog';
import { SessionManager } from '../session/SessionManager';
import { LazyTwoFactorDialog } from '../two-factor/LazyTwoFactorDialog';
import { AppHeader } from './AppHeader';
import { shellActions } from './shellSlice';
import { SideNav } from './SideNav';
import { UpdateDialog } from './update/UpdateDialog';

const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** The signed-in frame: header, side navigation (closed below the mobile breakpoint), dialogs and session timers. */
export function ShellLayout() {
  const dispatch = useAppDispatch();
  const fullPage = useAppSelector((state) => state.app.fullPage);
  const dialog = useAppSelector((state) => state.shell.dialog);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches);
  const [navOpened, setNavOpened] = useState(isDesktop);
  const closeDialog = () => dispatch(shellActions.dialogClosed());

  useEffect(() => setNavOpened(isDesktop), [isDesktop]);

  return (
    <AppShell
      header={fullPage ? undefined : { height: 56 }}
      navbar={
        fullPage
          ? undefined
          : {
              width: 240,
              breakpoint: `${MOBILE_BREAKPOINT_PX / 16}em`,
              collapsed: { mobile: !navOpened, desktop: !navOpened },
            }
      }
      padding={0}
    >
      {!fullPage && (
        <>
          <AppShell.Header>
            <AppHeader navOpened={navOpened} onToggleNav={() => setNavOpened((opened) => !opened)} />
          </AppShell.Header>
          <AppShell.Navbar>
            <SideNav />
          </AppShell.Navbar>
        </>
      )}
      <AppShell.Main h="100dvh">
        <Outlet />
      </AppShell.Main>
      <LazyChangeOrgDialog opened={dialog === 'change-org'} onClose={closeDialog} />
      <NetworkSelectDialog opened={dialog === 'network-select'} onClose={closeDialog} />
      <LazyTwoFactorDialog opened={dialog === 'two-factor'} onClose={closeDialog} />
      <UpdateDialog opened={dialog === 'update'} onClose={closeDialog} />
      <LazyFeedbackDialog opened={dialog === 'feedback'} onClose={closeDialog} />
      <SessionManager />
    </AppShell>
  );
}
