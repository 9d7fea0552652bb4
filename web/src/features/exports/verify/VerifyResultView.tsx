import { Alert, Code, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeText, exportRangeText, fileSizeText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';
import type { VerifyResult } from './verifyExport';

export interface VerifyResultViewProps {
  result: VerifyResult;
  /** The size of the picked video file (told when it differs from the manifest's). */
  fileBytes: number;
  /** The manifest was checked against this server's key (false: the key could not be fetched). */
  keyChecked: boolean;
  clock: ExportClock;
}

/**
 * What the check found: for a valid export, what the signed manifest says (camera, the range of video the file holds,
 * creator, when it was made, SHA-256, whose key signed it); otherwise why it is not valid, in a sentence.
 */
export function VerifyResultView({ result, fileBytes, keyChecked, clock }: VerifyResultViewProps) {
  const { t } = useTranslation('exports');
  if (!result.valid) {
    const { failure, manifest } = result;
    return (
      <Alert color="red" title={t('verify-invalid')} icon={<IconCircleX size={20} aria-hidden />} data-testid="verify-result" data-valid="false">
        <Stack gap="xs">
          <Text size="sm" data-testid="verify-failure" data-failure={failure}>
            {t(`verify-failure-${failure}`, {
              actual: fileBytes.toLocaleString('en-US'),
              expected: manifest?.file_bytes.toLocaleString('en-US') ?? '',
            })}
          </Text>
          {failure === 'unsupported' && <Code block>{t('verify-unsupported-command')}</Code>}
        </Stack>
      </Alert>
    );
  }
  const { manifest } = result;
  const rows: [string, ReactNode][] = [
    [t('field-camera'), manifest.camera_name],
    [t('verify-field-video'), exportRangeText(manifest.media_first_ms / 1000, manifest.media_end_ms / 1000, clock.timeZone, clock.timeMode)],
    [t('verify-field-requested'), exportRangeText(manifest.t0_ms / 1000, manifest.t1_ms / 1000, clock.timeZone, clock.timeMode)],
    [t('field-creator'), manifest.creator],
    [t('verify-field-made'), dateTimeText(manifest.created_ms, clock.timeZone, clock.timeMode)],
    [t('filename'), manifest.filename],
    [t('field-size'), fileSizeText(manifest.file_bytes)],
    [
      t('field-checksum'),
      <Code style={{ wordBreak: 'break-all' }} data-testid="verify-sha256">
        {manifest.sha256}
      </Code>,
    ],
    [t('verify-field-signature'), keyChecked ? t('verify-signed-by-server') : t('verify-signed-by-manifest-key')],
  ];
  return (
    <Alert color="green" title={t('verify-valid')} icon={<IconCircleCheck size={20} aria-hidden />} data-testid="verify-result" data-valid="true">
      <Stack gap="xs">
        <Text size="sm">{keyChecked ? t('verify-valid-detail') : t('verify-valid-detail-no-key')}</Text>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150} scope="row">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}
