import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/hooks';
import { downloadBlob } from '../viewer/screenshot';

export const RECOVERY_CODES_FILE_NAME = 'argus-recovery-codes.txt';

export interface RecoveryCodesPanelProps {
  codes: string[];
  onDone: () => void;
}

/** The recovery codes, shown this once after two-factor is turned on: copy, download as .txt, then Done. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { t } = useTranslation('twoFactor');
  const user = useCurrentUser();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The confirm form that had the focus is gone: the warning is what to read first.
  useEffect(() => headingRef.current?.focus(), []);

  const download = () => {
    const lines = [t('codes-file-title', { email: user?.email ?? '' }), t('codes-file-note'), '', ...codes, ''];
    downloadBlob(new Blob([lines.join('\n')], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME);
  };

  return (
    <Stack gap="md">
      <Title order={3} fz="h5" ref={headingRef} tabIndex={-1}>
        {t('save-codes-title')}
      </Title>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('save-codes-warning')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label={t('recovery-codes')}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {t(copied ? 'copied' : 'copy-codes')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            {t('download-codes')}
          </Button>
        </Group>
        <Button onClick={onDone}>{t('done')}</Button>
      </Group>
    </Stack>
  );
}
