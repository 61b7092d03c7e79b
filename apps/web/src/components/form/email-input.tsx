import { TextInput, type TextInputProps } from '@mantine/core';

/** The e-mail field of the sign-in, registration, reset and invitation forms. */
export function EmailInput(props: TextInputProps & { ref?: React.Ref<HTMLInputElement> }) {
  return <TextInput label="E-Mail" type="email" autoComplete="email" required {...props} />;
}
