import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';

/** The card of a page outside the signed-in shell (like /login): the logo, the page's heading and its content. */
export function PasswordPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <Title order={1} fz="h3" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
