import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VIEWER_COLUMNS } from '../model/grid';
import { TEMPLATES, type WallTemplate } from '../model/templates';

export interface TemplateListProps {
  /** Tiles of the wall: the template for that many is marked as suggested. */
  tileCount: number;
  disabled: boolean;
  onApply: (templateId: string) => void;
}

function TemplatePreview({ template }: { template: WallTemplate }) {
  const rows = Math.max(...template.cells.map((cell) => cell.y + cell.h));
  return (
    <Box
      aria-hidden
      w={56}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${VIEWER_COLUMNS}, 1fr)`,
        gridTemplateRows: `repeat(${rows}, 1fr)`,
        aspectRatio: `${(VIEWER_COLUMNS * 16) / 9 / rows}`,
        gap: 1,
        flexShrink: 0,
      }}
    >
      {template.cells.map((cell, index) => (
        <Box
          key={index}
          bg="var(--mantine-color-blue-filled)"
          style={{ gridColumn: `${cell.x + 1} / span ${cell.w}`, gridRow: `${cell.y + 1} / span ${cell.h}` }}
        />
      ))}
    </Box>
  );
}

/** The Templates list (spec 02 §2): applying one puts the wall's tiles, in order, on its cells (`templateApplied`). */
export function TemplateList({ tileCount, disabled, onApply }: TemplateListProps) {
  const { t } = useTranslation('wallEditor');
  return (
    <Stack gap={4} component="section" aria-labelledby="wall-editor-templates">
      <Text fw={600} id="wall-editor-templates">
        {t('templates')}
      </Text>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {TEMPLATES.map((template) => {
          const suggested = template.tileCount === tileCount;
          const name = t(`template-${template.id}`, { defaultValue: template.name });
          return (
            <li key={template.id}>
              <UnstyledButton
                disabled={disabled}
                onClick={() => onApply(template.id)}
                aria-label={t('apply-template', { name, count: template.tileCount })}
                p={4}
                w="100%"
                style={{
                  display: 'flex',
                  gap: 8,
                  alignItems: 'center',
                  borderRadius: 'var(--mantine-radius-sm)',
                  opacity: disabled ? 0.5 : 1,
                  background: suggested ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <TemplatePreview template={template} />
                <Text size="sm">
                  {name}
                  <Text span size="xs" c="dimmed">
                    {' · '}
                    {t('template-tiles', { count: template.tileCount })}
                  </Text>
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
