import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ACTIVITY_THROTTLE_MS, SESSION_WARNING_MS } from '../../app/constants';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../auth/authApi';
import { useCurrentUser } from '../auth/hooks';
import { idleTimeoutMs, isVideoWallPath, keepAliveIntervalMs, warningDelayMs } from './sessionTiming';
import { SessionExpiryDialog } from './SessionExpiryDialog';
import { logOffAfterTimeout, signOut } from './signOut';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;
const WARNING_SECONDS = SESSION_WARNING_MS / 1000;

function SessionTimers({ timeoutMs }: { timeoutMs: number }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [refresh] = authApi.useRefreshSessionMutation();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [continuing, setContinuing] = useState(false);
  const warningOpen = useRef(false);
  const activeSinceTick = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  const restartIdleTimer = useCallback(() => {
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => {
      warningOpen.current = true;
      setSecondsLeft(WARNING_SECONDS);
    }, warningDelayMs(timeoutMs));
  }, [timeoutMs]);

  useEffect(() => {
    restartIdleTimer();
    return () => clearTimeout(idleTimer.current);
  }, [restartIdleTimer]);

  useEffect(() => {
    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      activeSinceTick.current = true;
      if (!warningOpen.current) restartIdleTimer();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [restartIdleTimer]);

  useEffect(() => {
    const id = setInterval(() => {
      if (!activeSinceTick.current && !isVideoWallPath(pathnameRef.current)) return;
      activeSinceTick.current = false;
      refresh().catch(() => undefined);
    }, keepAliveIntervalMs(timeoutMs));
    return () => clearInterval(id);
  }, [refresh, timeoutMs]);

  const counting = secondsLeft !== null;
  useEffect(() => {
    if (!counting) return;
    // Counted from a deadline so a throttled background tab still logs off on time.
    const deadline = Date.now() + SESSION_WARNING_MS;
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(id);
        void dispatch(logOffAfterTimeout());
      }
    }, 1000);
    return () => clearInterval(id);
  }, [dispatch, counting]);

  const onContinue = async () => {
    setContinuing(true);
    try {
      await refresh().unwrap();
      warningOpen.current = false;
      setSecondsLeft(null);
      restartIdleTimer();
    } catch {
      void dispatch(logOffAfterTimeout());
    } finally {
      setContinuing(false);
    }
  };

  return (
    <SessionExpiryDialog
      secondsLeft={secondsLeft}
      continuing={continuing}
      onContinue={() => void onContinue()}
      onSignOut={() => void dispatch(signOut())}
    />
  );
}

/** Idle timeout with its expiry dialog, and the keep-alive refresh, for the signed-in user. */
export function SessionManager() {
  const user = useCurrentUser();
  if (!user) return null;
  return <SessionTimers timeoutMs={idleTimeoutMs(user.min_idle_timeout)} />;
}
