import { Container, Stack, Text, Title } from '@mantine/core';

import { PageHeader } from '../../components/page-header';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-content';

/** /terms-of-use: public, linked from the sign-up form. */
export function TermsOfUsePage() {
  return (
    <Container size="md" py="xl" component="article">
      <PageHeader title="Terms of Use" description={`Last updated ${TERMS_LAST_UPDATED}`} />
      <Stack gap="lg">
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title}>
            <Title order={2} fz="lg" mb="xs">
              {section.title}
            </Title>
            <Stack gap="xs">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} lh={1.65}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
