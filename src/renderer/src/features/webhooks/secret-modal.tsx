import { Alert, Anchor, Button, Code, Modal, Group as Row, Stack, Text } from '@mantine/core';

import { WEBHOOK_SIGNATURE_HEADER } from '@shared/api/webhooks';

import type { WebhookWithSecret } from '../../api/webhooks';
import { CopyableText } from '../../components/copyable-text';
import { VERIFYING_DOCS_URL } from './webhook-words';

interface SecretModalProps {
  /** The answer that carried the secret; it lives only in the caller's state while this is open. */
  shown: WebhookWithSecret;
  /** A rolled secret replaces one: the words say the old one no longer signs. */
  rolled?: boolean;
  onDone: () => void;
}

/** The endpoint's signing secret, shown this once with a copy button and where to read how to check a signature. */
export function SecretModal({ shown, rolled = false, onDone }: SecretModalProps) {
  return (
    <Modal
      opened
      onClose={onDone}
      title={rolled ? 'Your new signing secret' : 'Endpoint added: its signing secret'}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="Copy this secret now">
          It will not be shown again. If you lose it, roll the secret on the endpoint’s page to get a new one.
          {rolled ? ' The old secret stopped signing deliveries at once: put this one where your receiver checks signatures.' : null}
        </Alert>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Loadout signs every delivery to <strong>{shown.endpoint.url}</strong> with this secret in the{' '}
          <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header. Check the signature before you trust a delivery.
        </Text>
        <CopyableText label="Signing secret" text={shown.secret} copyLabel="Copy signing secret" testId="webhook-secret" />
        <Stack gap={4} component="section" aria-labelledby="verify-heading">
          <Text size="sm" fw={600} id="verify-heading">
            How to check a delivery’s signature
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            The header is <Code>t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code>: the hex is the HMAC-SHA256 of{' '}
            <Code>&lt;t&gt;.&lt;body&gt;</Code> keyed with this whole secret. Compute it over the body’s raw bytes before parsing them,
            compare in constant time, and refuse a timestamp more than a few minutes old.{' '}
            <Anchor href={VERIFYING_DOCS_URL} target="_blank" rel="noopener noreferrer" underline="always" inherit>
              Webhooks in the API reference
            </Anchor>
          </Text>
        </Stack>
        <Row justify="flex-end">
          <Button onClick={onDone} data-autofocus>
            Done
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
