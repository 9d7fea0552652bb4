import './accessLogTexts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '../../auth/hooks';
import { useGetCamerasQuery } from '../../cameras/camerasApi';
import { cameraDisplayName } from '../../cameras/cameraModel';
import type { AccessLogFilters } from './accessLogFilters';

export const FILTER_WIDTH = 220;

export interface FilterProps {
  filters: AccessLogFilters;
  onChange: (change: Partial<AccessLogFilters>) => void;
}

const idOf = (value: string | null) => (value === null ? null : Number(value));
const valueOf = (id: number | null) => (id === null ? null : String(id));

/** The organization's networks (the list the portal loaded at sign-in); a new network clears the camera. */
function NetworkFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation('accessLog');
  const networks = useNetworks();
  return (
    <Select
      label={t('filter-network')}
      placeholder={t('filter-network-any')}
      data={networks.map((network) => ({ value: String(network.id), label: network.name }))}
      value={valueOf(filters.networkId)}
      onChange={(value) => onChange({ networkId: idOf(value), cameraId: null })}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('clear-network') }}
      nothingFoundMessage={t('nothing-found')}
      w={FILTER_WIDTH}
    />
  );
}

/** The cameras of the chosen network (the camera area's cached list), by name; none until a network is chosen. */
function CameraFilter({ filters, onChange }: FilterProps) {
  const { t } = useTranslation('accessLog');
  const { networkId } = filters;
  const { data, isFetching, isError } = useGetCamerasQuery({ networkId: networkId ?? 0 }, { skip: networkId === null });
  const cameras = networkId === null ? [] : [...(data ?? [])];
  cameras.sort((a, b) => cameraDisplayName(a).localeCompare(cameraDisplayName(b), undefined, { numeric: true }));
  const loading = isFetching && !data;
  let placeholder = t('filter-camera-any');
  if (networkId === null) placeholder = t('filter-camera-network-first');
  else if (loading) placeholder = t('cameras-loading');
  return (
    <Select
      label={t('filter-camera')}
      placeholder={placeholder}
      data={cameras.map((camera) => ({ value: String(camera.id), label: cameraDisplayName(camera) }))}
      value={valueOf(filters.cameraId)}
      onChange={(value) => onChange({ cameraId: idOf(value) })}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('clear-camera') }}
      nothingFoundMessage={t('nothing-found')}
      disabled={networkId === null || loading}
      error={isError ? t('cameras-error') : undefined}
      w={FILTER_WIDTH}
    />
  );
}

/** Where: a network, then optionally one of its cameras. */
export function PlaceFilters(props: FilterProps) {
  return (
    <>
      <NetworkFilter {...props} />
      <CameraFilter {...props} />
    </>
  );
}
