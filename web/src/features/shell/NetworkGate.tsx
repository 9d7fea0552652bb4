import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { appActions } from '../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authActions } from '../auth/authSlice';
import { useCurrentUser, useNetworkPermissions, useNetworks } from '../auth/hooks';
import { isMonitorOnlyAdmin, parseNetworkId } from '../auth/permissions';
import { enterNetwork } from '../auth/startup';
import { InsufficientPermissions } from './InsufficientPermissions';

/**
 * `/n/:networkId`: digits-only, known networks only (else `/n`). The base path moves to the network's shard (its
 * `shard_id` in the network list); administrators also enter the network through its context call; monitor-only
 * administrators get the insufficient-permissions screen instead of the content.
 */
export function NetworkGate() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const networks = useNetworks();
  const networkId = parseNetworkId(useParams().networkId);
  const network = networkId === undefined ? undefined : networks.find((listed) => listed.id === networkId);
  const known = network !== undefined;
  const networkShardId = network?.shard_id;
  const shardId = useAppSelector((state) => state.app.shardId);
  const isAdministrator = Boolean(user?.is_admin);
  const contextStatus = useAppSelector((state) =>
    networkId === undefined ? undefined : state.auth.networkContexts[networkId],
  );
  const permissions = useNetworkPermissions(networkId);
  const earlyEntry = useAppSelector((state) => state.auth.earlyEntry);

  useEffect(() => {
    if (networkShardId !== undefined && networkShardId !== shardId) dispatch(appActions.shardChanged(networkShardId));
  }, [dispatch, networkShardId, shardId]);

  useEffect(() => {
    if (!known || !isAdministrator || networkId === undefined) return;
    // The start-up flow already entered the network of the address: join that entry (once) instead of a new one.
    if (earlyEntry === networkId) dispatch(authActions.earlyEntryJoined());
    else void dispatch(enterNetwork(networkId));
    // earlyEntry is read when the gate enters a network, not followed (joining clears it): not a dependency.
  }, [dispatch, known, isAdministrator, networkId]);

  if (!known || networkId === undefined) return <Navigate to="/n" replace />;
  if (isMonitorOnlyAdmin(user, networkId) || permissions?.is_monitor_only_admin) return <InsufficientPermissions />;
  if (isAdministrator && contextStatus !== 'ready' && contextStatus !== 'failed') {
    return (
      <Center h="100%" mih={240}>
        <Loader aria-label={t('loading-network')} />
      </Center>
    );
  }
  return <Outlet />;
}
