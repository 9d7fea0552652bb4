import { Chip, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColourChoice } from '../constants';

/** Swatch shown on each colour chip. */
const SWATCH: Record<ColourChoice, string> = {
  red: '#e03131',
  orange: '#f76707',
  yellow: '#fcc419',
  green: '#2f9e44',
  blue: '#1971c2',
  purple: '#7048e8',
  pink: '#e64980',
  brown: '#8b5a2b',
  blackGray: '#343a40',
  whiteGray: '#dee2e6',
};

export interface AttributePickerProps<T extends string> {
  label: string;
  /** i18n key prefix of the options, e.g. `colour-` or `vehicle-type-`. */
  optionKey: string;
  options: readonly T[];
  value: readonly T[];
  disabled: boolean;
  /** Colour choices show a swatch. */
  swatches?: boolean;
  testId: string;
  onChange: (value: T[]) => void;
}

/** A labelled multi-select of chips (colour choices with swatches, or vehicle types). */
export function AttributePicker<T extends string>(props: AttributePickerProps<T>) {
  const { t } = useTranslation('eventSearch');
  return (
    <Stack gap={4} role="group" aria-label={props.label} data-testid={props.testId}>
      <Text size="xs" c={props.disabled ? 'dimmed' : undefined}>
        {props.label}
      </Text>
      <Chip.Group<true, T> multiple value={[...props.value]} onChange={props.onChange}>
        <Group gap={4}>
          {props.options.map((option) => (
            <Chip
              key={option}
              value={option}
              size="xs"
              disabled={props.disabled}
            >
              {props.swatches ? (
                // Mantine's swatch is a block: a centred flex row keeps it on its label's centre line.
                <Group component="span" gap={6} wrap="nowrap" align="center">
                  <ColorSwatch color={SWATCH[option as ColourChoice]} size={10} component="span" aria-hidden />
                  <span>{t(`${props.optionKey}${option}`)}</span>
                </Group>
              ) : (
                t(`${props.optionKey}${option}`)
              )}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
