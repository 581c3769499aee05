import { Button, Group, Input, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import type { FEEDBACK_TYPES } from '@shared/api/feedback';
import { TIMING } from '@shared/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../lib/notify';
import { useSendFeedbackMutation } from './feedback-api';
import { ThankYouOverlay } from './thank-you-overlay';

type FeedbackType = (typeof FEEDBACK_TYPES)[number];

const TYPES: Array<{ value: FeedbackType; label: string }> = [
  { value: 'bug', label: 'Bug' },
  { value: 'suggestion', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2 "Feedback", §4 "Feedback modal", §5 "Feedback". */
export function FeedbackModal({ opened, onClose }: FeedbackModalProps) {
  const [send, { isLoading }] = useSendFeedbackMutation();
  const [type, setType] = useState<FeedbackType>('bug');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  // SPEC §4: the fields reset 300 ms after the modal closes (after its closing transition).
  useEffect(() => {
    if (opened) return;
    const timer = window.setTimeout(() => {
      setType('bug');
      setMessage('');
      setEmail('');
      setEmailError(null);
      setThanked(false);
    }, TIMING.feedbackResetMs);
    return () => window.clearTimeout(timer);
  }, [opened]);

  // SPEC §4: the thank-you overlay closes the modal by itself after 3 s.
  useEffect(() => {
    if (!thanked || !opened) return;
    const timer = window.setTimeout(onClose, TIMING.feedbackThankYouMs);
    return () => window.clearTimeout(timer);
  }, [thanked, opened, onClose]);

  async function submit() {
    if (isLoading) return;
    if (!message.trim()) {
      notify.error('Please enter a message');
      return;
    }
    const replyTo = email.trim();
    if (replyTo && !EMAIL_PATTERN.test(replyTo)) {
      setEmailError('Enter a valid email address');
      return;
    }
    try {
      await send({
        type,
        message: message.trim(),
        email: replyTo || null,
        userAgent: navigator.userAgent,
        url: window.location.href,
        timestamp: new Date().toISOString(),
      }).unwrap();
      setThanked(true);
    } catch {
      notify.error('Failed to send feedback. Please try again.');
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Send Feedback" centered size="md">
      <div style={{ position: 'relative' }}>
        <form onSubmit={handleSubmit} noValidate aria-hidden={thanked || undefined}>
          <Stack gap="md">
            <Input.Wrapper label="Type">
              <SegmentedControl
                fullWidth
                mt={4}
                aria-label="Type"
                value={type}
                onChange={(value) => setType(value)}
                data={TYPES}
              />
            </Input.Wrapper>
            <Textarea
              label="Message"
              placeholder="What happened, or what would make Loadout better?"
              required
              autosize
              minRows={4}
              maxRows={10}
              maxLength={5000}
              data-autofocus
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                  event.preventDefault();
                  void submit();
                }
              }}
            />
            <TextInput
              label="Email (optional)"
              description="Only if you would like a reply."
              type="email"
              autoComplete="email"
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              {/* Empty: nothing to send. Only spaces: Send explains (SPEC §5 toast). */}
              <Button type="submit" loading={isLoading} disabled={message === '' || isLoading}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
        {thanked ? <ThankYouOverlay /> : null}
      </div>
    </Modal>
  );
}
