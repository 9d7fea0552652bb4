import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileCertificate, IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetExportPublicKeyQuery } from '../exportsApi';
import { useExportClock } from '../hooks/useExportClock';
import { type VerifyResult, verifyExport } from './verifyExport';
import { VerifyResultView } from './VerifyResultView';

export interface VerifyExportModalProps {
  opened: boolean;
  onClose: () => void;
}

type Outcome = { result: VerifyResult; fileBytes: number; keyChecked: boolean } | 'read-error' | null;

/**
 * 'Verify an export': the user picks a downloaded export and its evidence manifest (`….manifest.json`), and both are
 * checked in the browser (`verifyExport`: the Ed25519 signature with WebCrypto against this server's key from
 * GET /manage/video_exports/public_key, then the file's size and SHA-256, hashed as a stream with a progress bar).
 * Nothing is uploaded.
 */
export function VerifyExportModal({ opened, onClose }: VerifyExportModalProps) {
  const { t } = useTranslation('exports');
  const clock = useExportClock();
  const key = useGetExportPublicKeyQuery(undefined, { skip: !opened });
  const [file, setFile] = useState<File | null>(null);
  const [manifest, setManifest] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [percent, setPercent] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const pick = (set: (value: File | null) => void) => (value: File | null) => {
    set(value);
    setOutcome(null);
  };
  const run = async () => {
    if (!file || !manifest) return;
    setChecking(true);
    setPercent(0);
    setOutcome(null);
    // Without the server's key (its call failed) the signature is still checked, against the manifest's own key.
    const expectedPublicKey = key.data?.public_key;
    try {
      const result = await verifyExport(file, await manifest.text(), {
        expectedPublicKey,
        onProgress: (done) => setPercent((shown) => Math.max(shown, Math.floor(done * 100))),
      });
      setOutcome({ result, fileBytes: file.size, keyChecked: expectedPublicKey !== undefined });
    } catch {
      setOutcome('read-error');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('verify-title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="sm" data-testid="verify-dialog">
        <Text size="sm">{t('verify-intro')}</Text>
        <FileInput
          label={t('verify-file')}
          placeholder={t('verify-pick')}
          accept="video/mp4,.mp4"
          leftSection={<IconMovie size={16} aria-hidden />}
          value={file}
          onChange={pick(setFile)}
          clearable
          disabled={checking}
          fileInputProps={{ 'data-testid': 'verify-file-input' } as Record<string, string>}
        />
        <FileInput
          label={t('verify-manifest')}
          placeholder={t('verify-pick')}
          accept=".json,application/json"
          leftSection={<IconFileCertificate size={16} aria-hidden />}
          value={manifest}
          onChange={pick(setManifest)}
          clearable
          disabled={checking}
          fileInputProps={{ 'data-testid': 'verify-manifest-input' } as Record<string, string>}
        />
        {key.isError && (
          <Alert color="yellow" p="xs">
            {t('verify-no-key')}
          </Alert>
        )}
        {checking && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('verify-hashing', { percent })}
            </Text>
            <Progress value={percent} aria-label={t('verify-progress')} data-testid="verify-progress" />
          </Stack>
        )}
        {outcome === 'read-error' && <Alert color="red">{t('verify-read-error')}</Alert>}
        {outcome && outcome !== 'read-error' && (
          <VerifyResultView result={outcome.result} fileBytes={outcome.fileBytes} keyChecked={outcome.keyChecked} clock={clock} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={() => void run()} disabled={!file || !manifest || key.isLoading} loading={checking} data-testid="verify-run">
            {t('verify-run')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
