import { Anchor, Box, Container } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Wordmark } from '../../components/wordmark';
import { pathTo } from '../routes';

/**
 * The frame of the signed-in pages. The shell (navigation, top bar, organisation switch, footer)
 * and the sign-in guard replace this placeholder header in a later issue.
 */
export function AppLayout() {
  return (
    <>
      <Box component="header" px="md" py="sm">
        <Anchor component={Link} to={pathTo('index')} underline="never" c="inherit">
          <Wordmark />
        </Anchor>
      </Box>
      <Container component="main" size="lg" py="md">
        <Outlet />
      </Container>
    </>
  );
}
