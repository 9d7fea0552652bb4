import { Box, Group, Loader, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CaptchaStatus } from './captchaWidgetState';

const BOX_PX = 24;

export interface CaptchaCheckboxProps {
  status: CaptchaStatus;
  onVerify: () => void;
}

/** The box: empty when it can be clicked, a spinner while busy, a check when verified. */
function CheckboxBox({ status }: { status: CaptchaStatus }) {
  if (status === 'verified') {
    return (
      <ThemeIcon color="teal" size={BOX_PX} radius="sm" aria-hidden>
        <IconCheck size={18} />
      </ThemeIcon>
    );
  }
  if (status === 'loading' || status === 'verifying') return <Loader size={BOX_PX - 4} aria-hidden />;
  return (
    <Box
      w={BOX_PX}
      h={BOX_PX}
      aria-hidden
      style={{ border: '2px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

/**
 * "I'm not a robot" as a checkbox that only the solver can tick: a button (Space and Enter click it) with the checkbox
 * role. While it cannot be clicked it stays focusable (aria-disabled, not disabled) so the keyboard keeps its place.
 */
export function CaptchaCheckbox({ status, onVerify }: CaptchaCheckboxProps) {
  const { t } = useTranslation('captcha');
  const clickable = status === 'idle';
  return (
    <UnstyledButton
      type="button"
      role="checkbox"
      aria-checked={status === 'verified'}
      aria-busy={status === 'loading' || status === 'verifying'}
      aria-disabled={!clickable}
      onClick={() => clickable && onVerify()}
      style={{ cursor: clickable ? 'pointer' : 'default' }}
    >
      <Group gap="sm" wrap="nowrap">
        <CheckboxBox status={status} />
        <Text size="sm" fw={500}>
          {t('not-a-robot')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
