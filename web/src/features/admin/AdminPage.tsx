import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of an organization administrator's page: the title (the page's h1), a dimmed description under it, actions
 * on the right (e.g. 'Add camera', the period of the search telemetry) and the page's body below.
 */
export function AdminPage({
  title,
  description,
  actions,
  maw = 1200,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  maw?: number;
  children: ReactNode;
}) {
  const heading = (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </div>
  );
  return (
    <Stack p="lg" gap="md" maw={maw}>
      {actions ? (
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
