import { getDefaultZIndex, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HELP_EXAMPLES } from './helpExamples';

export interface NaturalTimeHelpProps {
  opened: boolean;
  onClose: () => void;
}

/** The help modal of the text entry: what can be typed, with examples, and how the picker's range applies. */
export function NaturalTimeHelp({ opened, onClose }: NaturalTimeHelpProps) {
  const { t } = useTranslation('timePicker');
  return (
    // Above the popover it opens from (Mantine puts modals below popovers).
    <Modal opened={opened} onClose={onClose} title={t('help-title')} zIndex={getDefaultZIndex('popover') + 1}>
      <Stack gap="sm">
        <Text size="sm">{t('help-intro')}</Text>
        <Text size="sm" fw={600}>
          {t('help-examples')}
        </Text>
        <List size="sm" spacing={4} data-testid="time-picker-help-examples">
          {HELP_EXAMPLES.map((key) => (
            <List.Item key={key}>
              <Text span size="sm" ff="monospace">
                {t(`example-${key}`)}
              </Text>
              {' — '}
              {t(`example-${key}-meaning`)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('help-day-only')}</Text>
        <Text size="sm">{t('help-bounds')}</Text>
      </Stack>
    </Modal>
  );
}
