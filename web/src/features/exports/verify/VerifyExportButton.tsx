import { Button } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog and its hashing code (@noble/hashes) load when first opened. */
const loadModal = () => import('./VerifyExportModal');
const VerifyExportModal = lazy(() => loadModal().then((module) => ({ default: module.VerifyExportModal })));

/** The exports page header's 'Verify an export' action; the dialog stays mounted once opened (it keeps its result). */
export function VerifyExportButton() {
  const { t } = useTranslation('exports');
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const prefetch = () => void loadModal();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
      >
        {t('verify')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <VerifyExportModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
