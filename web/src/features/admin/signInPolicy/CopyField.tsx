import './signInPolicyTexts';
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface CopyFieldProps {
  label: string;
  description: string;
  value: string;
  /** The copy button's name ('Copy the metadata address'), and what it says once it copied. */
  copyLabel: string;
  copiedLabel: string;
}

/** An address to hand on: read-only (selectable) with a copy button. */
export function CopyField({ label, description, value, copyLabel, copiedLabel }: CopyFieldProps) {
  const { t } = useTranslation('signInPolicy');
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : undefined}
            aria-label={copied ? copiedLabel : copyLabel}
            onClick={copy}
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
