import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';

import { formatCardNumber, formatExpiry } from './card-form-schema';

/** Only what the fields use, so any useForm over these values fits whatever its transformValues. */
type CardForm = Pick<UseFormReturnType<CardFormInput>, 'getInputProps' | 'setFieldValue'>;

export interface CardFormInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The sandbox's card field: number, expiry and CVC, formatted while typed as Stripe's is. */
export function SandboxCardFields({ form, disabled }: { form: CardForm; disabled: boolean }) {
  const formatted = (field: keyof CardFormInput, format: (value: string) => string) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, format(event.currentTarget.value)),
    };
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        leftSection={<IconCreditCard size={18} aria-hidden />}
        disabled={disabled}
        {...formatted('cardNumber', formatCardNumber)}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Expiration date"
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          disabled={disabled}
          {...formatted('expiry', formatExpiry)}
        />
        <TextInput
          label="Security code"
          placeholder="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          disabled={disabled}
          {...formatted('cvc', (value) => value.replace(/\D/g, '').slice(0, 4))}
        />
      </SimpleGrid>
    </Stack>
  );
}
