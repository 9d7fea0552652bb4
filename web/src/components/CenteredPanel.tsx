import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CenteredPanelProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A titled message in the middle of the content area (not found, coming soon, no permission...). */
export function CenteredPanel({ icon, title, description, children }: CenteredPanelProps) {
  return (
    <Center h="100%" mih={320} p="xl">
      <Paper withBorder p="xl" radius="lg" maw={480} w="100%">
        <Stack align="center" gap="sm" ta="center">
          {icon}
          <Title order={2} fz="h3">
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
