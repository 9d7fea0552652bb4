import './captchaTexts';
import { Alert, Button, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CaptchaCheckbox } from './CaptchaCheckbox';
import type { CaptchaWidgetState } from './captchaWidgetState';
import { type PowSolver, workerPowSolver } from './powSolver';
import type { CaptchaChallenge, CaptchaFields } from './types';
import { useCaptchaWidget } from './useCaptchaWidget';

export interface CaptchaWidgetProps {
  /** The challenge of the last 429 mode captcha answer; null: the widget gets one (GET /login/captcha). */
  challenge: CaptchaChallenge | null;
  /** The challenge is solved: send these fields with the next sign-in (once). */
  onSolved: (fields: CaptchaFields) => void;
  /** A solution given to onSolved no longer holds (its challenge expired); the widget gets a new challenge. */
  onReset: () => void;
  /** Solves the proof of work; a Worker by default (tests give a fake). */
  solver?: PowSolver;
}

/** The line the live region announces (and shows) for a state; '' for none. */
function statusKey(state: CaptchaWidgetState): string {
  switch (state.status) {
    case 'loading':
      return 'loading';
    case 'idle':
      return state.expired ? 'expired' : '';
    case 'verifying':
      return 'verifying';
    case 'verified':
      return 'verified';
    case 'failed':
      return '';
  }
}

/**
 * The sign-in captcha (spec 01 §2): "I'm not a robot"; a click has the browser solve the server's proof of work off
 * the main thread ("Verifying…" with progress), then "Verified" with a check and `onSolved`. At expires_at_ms,
 * solved or not, it resets (`onReset`), gets a new challenge and asks to verify again; a failed load offers Try again.
 */
export function CaptchaWidget({ challenge, onSolved, onReset, solver = workerPowSolver }: CaptchaWidgetProps) {
  const { t } = useTranslation('captcha');
  const { state, verify, retry } = useCaptchaWidget(challenge, solver, { onSolved, onReset });
  const key = statusKey(state);
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={t('group-label')}>
      <Stack gap="xs">
        <CaptchaCheckbox status={state.status} onVerify={verify} />
        {state.status === 'verifying' && (
          <Progress value={Math.round(state.progress * 100)} size="sm" aria-label={t('progress-label')} />
        )}
        <Text role="status" aria-live="polite" size="sm" c={state.expired ? 'orange' : 'dimmed'}>
          {key ? t(key) : ''}
        </Text>
        {state.status === 'failed' && state.problem && (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(state.problem)}</Text>
              <Button type="button" size="xs" variant="light" onClick={retry}>
                {t('try-again')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('about')}
        </Text>
      </Stack>
    </Paper>
  );
}
