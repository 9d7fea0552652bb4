import { Center, Loader, Stack, Text, Title } from '@mantine/core';

export interface PageMessageProps {
  title: string;
  description?: string;
  loading?: boolean;
}

/** Centred message of the main area: loading, error or not found. */
export function PageMessage({ title, description, loading = false }: PageMessageProps) {
  return (
    <Center mih={240} p="lg">
      <Stack align="center" gap="xs" role={loading ? 'status' : undefined}>
        {loading && <Loader size="md" aria-hidden />}
        <Title order={3} fw={500}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
    </Center>
  );
}
