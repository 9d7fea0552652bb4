import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A refusal or failure above a password form, announced when it appears. */
export function FailureAlert({ message }: { message: string }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}
