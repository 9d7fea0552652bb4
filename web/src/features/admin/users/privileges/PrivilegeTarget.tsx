import '../usersTexts';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '../../../auth/hooks';
import { useGetCamerasQuery } from '../../../cameras/camerasApi';
import { MAX_TAG_LENGTH, type PrivilegeRow, type RowErrors, withNetwork } from './privilegeModel';

/** The 'Any network' choice of the tag scopes (Select values are strings). */
const ANY_NETWORK = 'any';
const SELECT_WIDTH = 180;

export interface PrivilegeTargetProps {
  row: PrivilegeRow;
  /** 1-based, for the controls' accessible names. */
  number: number;
  errors: RowErrors;
  disabled: boolean;
  onChange: (row: PrivilegeRow) => void;
}

interface NetworkSelectProps extends PrivilegeTargetProps {
  /** The tag scopes' first choice, 'Any network' (no restriction). */
  anyNetwork: boolean;
}

function NetworkSelect({ row, number, errors, disabled, onChange, anyNetwork }: NetworkSelectProps) {
  const { t } = useTranslation('users');
  const networks = useNetworks();
  const data = networks.map((network) => ({ value: String(network.id), label: network.name }));
  if (anyNetwork) data.unshift({ value: ANY_NETWORK, label: t('privileges-any-network') });
  const value = row.networkId === null ? (anyNetwork ? ANY_NETWORK : null) : String(row.networkId);
  return (
    <Select
      aria-label={t('privileges-network-named', { number })}
      placeholder={t('privileges-network-placeholder')}
      data={data}
      value={value}
      onChange={(next) => onChange(withNetwork(row, next === null || next === ANY_NETWORK ? null : Number(next)))}
      allowDeselect={false}
      disabled={disabled}
      error={errors.network ? t(errors.network) : undefined}
      w={SELECT_WIDTH}
    />
  );
}

/** The cameras of the row's network (the camera area's cached list), by name. */
function CameraSelect({ row, number, errors, disabled, onChange }: PrivilegeTargetProps) {
  const { t } = useTranslation('users');
  const networkId = row.networkId;
  const { data, isFetching, isError } = useGetCamerasQuery({ networkId: networkId ?? 0 }, { skip: networkId === null });
  const cameras = networkId === null ? [] : [...(data ?? [])];
  cameras.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const loading = isFetching && !data;
  let error = errors.camera ? t(errors.camera) : undefined;
  if (isError) error = t('privileges-cameras-error');
  return (
    <Select
      aria-label={t('privileges-camera-named', { number })}
      placeholder={loading ? t('privileges-cameras-loading') : t('privileges-camera-placeholder')}
      data={cameras.map((camera) => ({ value: String(camera.id), label: camera.name || camera.mac }))}
      value={row.cameraId === null ? null : String(row.cameraId)}
      onChange={(next) => onChange({ ...row, cameraId: next === null ? null : Number(next) })}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('privileges-cameras-none')}
      disabled={disabled || networkId === null || loading}
      error={error}
      w={SELECT_WIDTH}
    />
  );
}

function TagInput({ row, number, errors, disabled, onChange }: PrivilegeTargetProps) {
  const { t } = useTranslation('users');
  return (
    <TextInput
      aria-label={t('privileges-tag-named', { number })}
      placeholder={t('privileges-tag-placeholder')}
      value={row.tag}
      onChange={(event) => onChange({ ...row, tag: event.currentTarget.value })}
      disabled={disabled}
      error={errors.tag ? t(errors.tag, { max: MAX_TAG_LENGTH }) : undefined}
      w={SELECT_WIDTH}
    />
  );
}

/**
 * What a row applies to: nothing more for the organization; a network; a network, then one of its cameras; a tag and
 * optionally the one network it is limited to.
 */
export function PrivilegeTarget(props: PrivilegeTargetProps) {
  const { t } = useTranslation('users');
  switch (props.row.scope) {
    case 'organization':
      return (
        <Text size="sm" c="dimmed">
          {t('privileges-whole-organization')}
        </Text>
      );
    case 'network':
      return <NetworkSelect {...props} anyNetwork={false} />;
    case 'camera':
      return (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NetworkSelect {...props} anyNetwork={false} />
          <CameraSelect {...props} />
        </Group>
      );
    default:
      return (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TagInput {...props} />
          <NetworkSelect {...props} anyNetwork />
        </Group>
      );
  }
}
