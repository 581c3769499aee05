import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The centred card that sign-in, sign-up and the password screens share. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Container size={width} px="md" py={40}>
      <Title order={1} ta="center" fz={28} fw={800}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 30 }} mt={24} radius="md">
        {children}
      </Paper>
    </Container>
  );
}
