import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../test/server';
import { FEEDBACK_MAX_LENGTH } from './feedbackModel';
import { renderFeedbackDialog, serveWish } from './test/feedbackTestKit';

const textarea = () => screen.getByRole('textbox', { name: /Your feedback/ });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
/** What the dialog sends as `wish_hash` here: the SHA-256, or '' where this runtime has no Web Crypto. */
const expectedHash = (text: string) =>
  globalThis.crypto?.subtle ? bytesToHex(sha256(new TextEncoder().encode(text))) : '';

describe('FeedbackDialog', () => {
  it('sends the trimmed text with its hash and no session recording from the current network, thanks and closes', async () => {
    const seen = serveWish();
    const { user, onClose } = renderFeedbackDialog();
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
    expect(textarea()).toBeRequired();
    await user.click(textarea());
    await user.paste('  The wall page is great.\nThanks!  ');
    expect(textarea()).toHaveAccessibleDescription('31 of 5000 characters');
    await user.click(sendButton());

    expect(await screen.findByText('Thank you for your feedback')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    const wish = 'The wall page is great.\nThanks!';
    expect(seen).toEqual([
      {
        path: '/n1/n/6/manage/support/wish',
        body: { wish, wish_hash: expectedHash(wish), sessionRecordingURL: null },
        csrf: 'csrf-1',
      },
    ]);
  });

  it('sends from the first network outside a network', async () => {
    const seen = serveWish();
    const { user } = renderFeedbackDialog('/overview');
    await user.type(textarea(), 'Hello');
    await user.click(sendButton());
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/n1/n/5/manage/support/wish']));
  });

  it('can be sent only with 1 to 5000 characters after trimming', async () => {
    serveWish();
    const { user } = renderFeedbackDialog();
    expect(sendButton()).toBeDisabled();
    await user.type(textarea(), '   ');
    expect(sendButton()).toBeDisabled();
    expect(textarea()).toHaveAccessibleDescription('0 of 5000 characters');

    await user.clear(textarea());
    await user.click(textarea());
    await user.paste('x'.repeat(FEEDBACK_MAX_LENGTH + 1));
    expect(sendButton()).toBeDisabled();
    expect(textarea()).toBeInvalid();
    expect(screen.getByText('Feedback can be at most 5000 characters.')).toBeInTheDocument();
    expect(screen.getByText('5001 of 5000 characters')).toBeInTheDocument();

    await user.type(textarea(), '{Backspace}');
    expect(sendButton()).toBeEnabled();
    expect(textarea()).not.toBeInvalid();
    expect(screen.queryByText('Feedback can be at most 5000 characters.')).not.toBeInTheDocument();
  });

  it('shows the sending and cannot be closed meanwhile', async () => {
    let release = () => {};
    const seen = serveWish(undefined, new Promise<void>((resolve) => (release = resolve)));
    const { user, onClose } = renderFeedbackDialog();
    await user.type(textarea(), 'Slow network here');
    await user.click(sendButton());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(sendButton()).toHaveAttribute('data-loading', 'true');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(textarea()).toHaveAttribute('readonly');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['the server refuses it', () => apiErrors(['You have sent too much feedback. Please try again later.'], 429)],
    ['no answer comes', () => Response.error()],
  ])("says 'Feedback failed to send' and keeps the text when %s", async (_case, reply) => {
    serveWish(reply);
    const { user, onClose } = renderFeedbackDialog();
    await user.type(textarea(), 'Please add dark mode');
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Feedback failed to send')).toBeInTheDocument();
    expect(textarea()).toHaveValue('Please add dark mode');
    expect(sendButton()).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Thank you for your feedback')).not.toBeInTheDocument();
  });

  it("shows the server's reason under 'Feedback failed to send'", async () => {
    serveWish(() => apiErrors(['You have sent too much feedback. Please try again later.'], 429));
    const { user } = renderFeedbackDialog();
    await user.type(textarea(), 'Again');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Feedback failed to sendYou have sent too much feedback. Please try again later.',
    );
  });

  it('closes on Cancel without sending', async () => {
    const seen = serveWish();
    const { user, onClose } = renderFeedbackDialog();
    await user.type(textarea(), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });
});
