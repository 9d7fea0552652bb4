import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the filter sidebar. */
export function FilterSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
