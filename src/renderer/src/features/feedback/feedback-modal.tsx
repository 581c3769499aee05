import { Button, Group, Input, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { z } from 'zod';

import { feedbackRequestSchema, type FEEDBACK_TYPES } from '@shared/api/feedback';
import { TIMING } from '@shared/constants';

import { useSendFeedbackMutation } from '../../api/feedback';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';
import { ThankYouOverlay } from './thank-you-overlay';

type FeedbackType = (typeof FEEDBACK_TYPES)[number];

const TYPES: Array<{ value: FeedbackType; label: string }> = [
  { value: 'bug', label: 'Bug' },
  { value: 'suggestion', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
];

/** Feedback: the request's type and message rules; the e-mail is optional, blank sent as null. */
const feedbackFormSchema = feedbackRequestSchema.pick({ type: true, message: true }).extend({
  email: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(feedbackRequestSchema.shape.email),
});
const EMPTY_FEEDBACK: { type: FeedbackType; message: string; email: string } = { type: 'bug', message: '', email: '' };

interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The feedback modal: closed, open, sending, then a thank-you overlay that closes it by itself. */
export function FeedbackModal({ opened, onClose }: FeedbackModalProps) {
  const [sendFeedback, { isLoading }] = useSendFeedbackMutation();
  const form = useForm({ initialValues: EMPTY_FEEDBACK, ...schemaForm(feedbackFormSchema) });
  const { reset } = form;
  const [thanked, setThanked] = useState(false);

  // The fields reset 300 ms after the modal closes (after its closing transition).
  useEffect(() => {
    if (opened) return;
    const timer = window.setTimeout(() => {
      reset();
      setThanked(false);
    }, TIMING.feedbackResetMs);
    return () => window.clearTimeout(timer);
  }, [opened, reset]);

  // The thank-you overlay closes the modal by itself after 3 s.
  useEffect(() => {
    if (!thanked || !opened) return;
    const timer = window.setTimeout(onClose, TIMING.feedbackThankYouMs);
    return () => window.clearTimeout(timer);
  }, [thanked, opened, onClose]);

  async function send(feedback: z.output<typeof feedbackFormSchema>) {
    if (isLoading) return;
    try {
      await sendFeedback({
        ...feedback,
        userAgent: navigator.userAgent,
        url: window.location.href,
        timestamp: new Date().toISOString(),
      }).unwrap();
      setThanked(true);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error('Failed to send feedback. Please try again.');
    }
  }

  // A blank message is said in a toast, not under the field (the product's choice).
  const submit = form.onSubmit(send, ({ message }) => {
    if (typeof message === 'string') notify.error(message);
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Send Feedback" centered size="md">
      <div style={{ position: 'relative' }}>
        <form onSubmit={submit} noValidate aria-hidden={thanked || undefined}>
          <Stack gap="md">
            <Input.Wrapper label="Type">
              <SegmentedControl fullWidth mt={4} aria-label="Type" data={TYPES} {...form.getInputProps('type')} />
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
              {...form.getInputProps('message', { withError: false })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <TextInput
              label="Email (optional)"
              description="Only if you would like a reply."
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              {/* Empty: nothing to send. Only spaces: Send explains (in a toast). */}
              <Button type="submit" loading={isLoading} disabled={form.values.message === '' || isLoading}>
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
