import './feedbackTexts';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/apiError';
import type { DialogProps } from '../../components/lazyDialog';
import { useCurrentNetworkId, useNetworks } from '../auth/hooks';
import { useSendFeedbackMutation } from './feedbackApi';
import { FEEDBACK_MAX_LENGTH, feedbackProblem, wishHash } from './feedbackModel';

/** How long the thanks stay on screen. */
const SENT_NOTICE_MS = 6000;

/** The network feedback is sent from: the one the user is in, else the first one they see. */
function useFeedbackNetworkId(): number | undefined {
  const current = useCurrentNetworkId();
  const networks = useNetworks();
  return current ?? networks[0]?.id;
}

/** The refusal shown above the buttons, the text kept: 'Feedback failed to send' and the server's words, if any. */
function SendFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('feedback');
  const message = serverMessage(error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('failed')} role="alert">
      {message && <Text size="sm">{message}</Text>}
    </Alert>
  );
}

/**
 * 'Send feedback' (spec 03 §2 "Other", §7 "Feedback", §8): free text (1–5000 characters after trimming, with a
 * counter) sent as `wish` with its SHA-256 as `wish_hash` and no session recording (`sessionRecordingURL` null) from
 * the current network. Sent: a thank-you notification and the dialog closes. Refused or unreachable: 'Feedback failed
 * to send' and the text stays. It cannot be closed while sending.
 */
export function FeedbackDialog({ opened, onClose }: DialogProps) {
  const { t } = useTranslation('feedback');
  const networkId = useFeedbackNetworkId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [sendFeedback] = useSendFeedbackMutation();
  const problem = feedbackProblem(text);
  const length = text.trim().length;
  const canSend = problem === null && networkId !== undefined && !sending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || networkId === undefined) return;
    const wish = text.trim();
    setSending(true);
    setFailure(null);
    try {
      const hash = await wishHash(wish);
      await sendFeedback({ networkId, wish, wishHash: hash, sessionRecordingURL: null }).unwrap();
    } catch (error) {
      setFailure({ error });
      setSending(false);
      return;
    }
    notifications.show({ color: 'green', message: t('sent'), autoClose: SENT_NOTICE_MS });
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={sending ? () => undefined : onClose}
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      withCloseButton={!sending}
      title={t('title')}
      size="lg"
    >
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
          <Textarea
            data-autofocus
            label={t('label')}
            placeholder={t('placeholder')}
            required
            rows={8}
            resize="vertical"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            readOnly={sending}
            error={problem === 'too-long' ? t('too-long', { max: FEEDBACK_MAX_LENGTH }) : undefined}
            description={t('counter', { length, max: FEEDBACK_MAX_LENGTH })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {networkId === undefined && (
            <Text size="sm" c="red">
              {t('no-network')}
            </Text>
          )}
          {failure && <SendFailed error={failure.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={sending} disabled={!canSend && !sending}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
