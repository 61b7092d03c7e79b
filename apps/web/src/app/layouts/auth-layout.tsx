import { Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Wordmark } from '../../components/wordmark';

/** The five auth pages: no navigation, the wordmark above a narrow centred column. */
export function AuthLayout() {
  return (
    <Container component="main" size="32rem" py="xl">
      <Stack gap="lg">
        <Wordmark size="2rem" />
        <Outlet />
      </Stack>
    </Container>
  );
}
