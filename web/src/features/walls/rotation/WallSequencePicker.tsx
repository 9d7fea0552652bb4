import { ActionIcon, Group, Input, NativeSelect, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { wallDisplayName } from '../wallModel';
import type { VideoWall } from '../wallsApi';

export interface WallSequencePickerProps {
  walls: readonly VideoWall[];
  sequence: readonly number[];
  error?: string;
  onChange: (sequence: number[]) => void;
}

/** The rotation's walls in order: add one from the network's walls, move it up or down, remove it. */
export function WallSequencePicker({ walls, sequence, error, onChange }: WallSequencePickerProps) {
  const { t } = useTranslation('walls');
  const untitled = t('untitled-wall');
  const nameOf = (id: number) => {
    const wall = walls.find((candidate) => candidate.id === id);
    return wall ? wallDisplayName(wall, untitled) : t('unknown-wall', { id });
  };
  const addable = walls.filter((wall) => !sequence.includes(wall.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...sequence];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };

  return (
    <Input.Wrapper label={t('wall-sequence')} error={error}>
      <Stack gap={4} mt={4}>
        <ol aria-label={t('wall-sequence')} style={{ margin: 0, paddingLeft: 20 }}>
          {sequence.map((id, index) => {
            const name = nameOf(id);
            return (
              <li key={`${id}-${index}`}>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate>
                    {name}
                  </Text>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" size="sm" aria-label={t('move-up', { name })} disabled={index === 0} onClick={() => move(index, -1)}>
                      <IconArrowUp size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('move-down', { name })}
                      disabled={index === sequence.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('remove-from-rotation', { name })}
                      onClick={() => onChange(sequence.filter((_, at) => at !== index))}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </li>
            );
          })}
        </ol>
        <NativeSelect
          aria-label={t('add-wall-to-rotation')}
          value=""
          disabled={addable.length === 0}
          data={[
            { value: '', label: t('add-wall-to-rotation') },
            ...addable.map((wall) => ({ value: String(wall.id), label: wallDisplayName(wall, untitled) })),
          ]}
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            if (id) onChange([...sequence, id]);
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
