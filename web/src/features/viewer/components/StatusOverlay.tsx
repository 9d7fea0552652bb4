import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { STATUS_FADE_MS } from '../constants';

export interface StatusOverlayProps {
  message: string;
  spinner?: boolean;
  children?: ReactNode;
  action?: { label: string; onClick: () => void };
}

/** Centred over the video: a spinner or an info icon, the message and an optional action. */
export function StatusOverlay({ message, spinner = false, children, action }: StatusOverlayProps) {
  return (
    <Center
      role="status"
      data-testid="video-status"
      style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.55)', color: '#fff', transition: `opacity ${STATUS_FADE_MS}ms` }}
    >
      <Stack align="center" gap="xs" p="md" maw={520}>
        {spinner ? <Loader size="sm" color="gray.3" aria-hidden /> : <IconInfoCircle size={28} aria-hidden />}
        <Text ta="center">{message}</Text>
        {children}
        {action && (
          <Button size="xs" variant="white" onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
