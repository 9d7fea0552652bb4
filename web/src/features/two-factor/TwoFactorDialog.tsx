import './twoFactorTexts';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisablePanel } from './DisablePanel';
import { EnrolPanel } from './EnrolPanel';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { StatusPanel, type StatusPanelProps } from './StatusPanel';
import type { TwoFactorEnrolment } from './types';

export interface TwoFactorDialogProps {
  opened: boolean;
  onClose: () => void;
}

type View =
  | { step: 'status'; notice: StatusPanelProps['notice'] }
  | { step: 'enrol'; enrolment: TwoFactorEnrolment }
  | { step: 'recovery-codes'; codes: string[] }
  | { step: 'disable' };

/**
 * The user menu's 'Two-factor authentication': the state, then turning on (QR code and setup key, a first code, the
 * recovery codes once) or off (a current or recovery code). Its code and texts are a chunk of their own
 * (`LazyTwoFactorDialog`).
 */
export function TwoFactorDialog({ opened, onClose }: TwoFactorDialogProps) {
  const { t } = useTranslation('twoFactor');
  const [view, setView] = useState<View>({ step: 'status', notice: null });
  const showStatus = (notice: StatusPanelProps['notice'] = null) => setView({ step: 'status', notice });

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="md">
      {view.step === 'status' && (
        <StatusPanel
          notice={view.notice}
          onEnrolled={(enrolment) => setView({ step: 'enrol', enrolment })}
          onTurnOff={() => setView({ step: 'disable' })}
        />
      )}
      {view.step === 'enrol' && (
        <EnrolPanel
          enrolment={view.enrolment}
          onConfirmed={(codes) => setView({ step: 'recovery-codes', codes })}
          onCancel={() => showStatus()}
        />
      )}
      {view.step === 'recovery-codes' && (
        <RecoveryCodesPanel codes={view.codes} onDone={() => showStatus('turned-on')} />
      )}
      {view.step === 'disable' && (
        <DisablePanel onDisabled={() => showStatus('turned-off')} onCancel={() => showStatus()} />
      )}
    </Modal>
  );
}
